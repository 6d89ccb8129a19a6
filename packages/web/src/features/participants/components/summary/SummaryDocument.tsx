import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { getInstrument, type Language } from '@geria/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/use-format.ts';
import type { ParticipantSummary } from '../../api/summary.ts';
import { recruitmentKey } from '../recruitment-label.ts';
import { clinicalValueText } from './clinical-text.ts';

/** A titled part of the document; kept on one page when it fits (print stylesheet). */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, borderBottom: '1px solid #000', mb: 0.5 }}>{title}</Typography>
      {children}
    </Box>
  );
}

/** A compact black-on-white table: header row and rows of texts. */
function Grid({ head, rows, label }: { head: string[]; rows: ReactNode[][]; label: string }) {
  return (
    <Table size="small" aria-label={label} sx={{ '& th, & td': { color: '#000', borderColor: '#000', py: 0.25, px: 0.75, fontSize: '0.8rem' } }}>
      <TableHead><TableRow>{head.map((h) => <TableCell key={h} component="th" scope="col" sx={{ fontWeight: 700 }}>{h}</TableCell>)}</TableRow></TableHead>
      <TableBody>{rows.map((cells, i) => <TableRow key={i}>{cells.map((c, j) => <TableCell key={j} sx={{ whiteSpace: j === 0 ? 'normal' : 'nowrap' }}>{c}</TableCell>)}</TableRow>)}</TableBody>
    </Table>
  );
}

const None = ({ children }: { children: string }) => <Typography variant="body2">{children}</Typography>;

/** Term and value pairs in columns (the identity and recruitment blocks). */
function Facts({ items }: { items: [string, string][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 0.5 }}>
      {items.map(([term, value]) => (
        <div key={term}>
          <Typography component="dt" variant="caption" sx={{ color: '#000', fontWeight: 700 }}>{term}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>{value}</Typography>
        </div>
      ))}
    </Box>
  );
}

/**
 * The participant summary as a document: identity (study id, age band, pilot — no name, see the
 * server's summary), recruitment, latest scores with bands and change since baseline, clinical
 * fields, current medications, active adverse events and device usage. Colour carries nothing:
 * worrying bands are bold and the legend says so, so it reads the same printed in black and white.
 */
export function SummaryDocument({ summary, pilotName }: { summary: ParticipantSummary; pilotName: string }) {
  const { t } = useTranslation(['participants', 'adverseevents', 'assessments', 'messages']);
  const format = useFormat();
  const language = format.language as Language;
  const day = (value: string | null) => (value ? format.date(value) : '—');
  const number = (value: number) => format.number(value, { maximumFractionDigits: 2 });
  const signed = (value: number) => format.number(value, { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  const { identity, recruitment, scores, clinical, medications, adverseEvents, devices } = summary;

  const scoreRows = scores.map((line) => {
    const def = getInstrument(line.instrument);
    const band = line.band ? def?.bands.find((b) => b.key === line.band) : undefined;
    return [
      def?.title[language] ?? line.instrument,
      line.total === null ? t('summary.notScorable') : number(line.total),
      band ? <Box component="span" sx={{ fontWeight: band.critical ? 700 : 400 }}>{band.label[language]}{band.critical ? ' ▲' : ''}</Box> : '—',
      line.change === null ? '—' : `${signed(line.change)} (${number(line.baselineTotal!)})`,
      day(line.authored),
    ];
  });

  return (
    <>
      <Part title={t('summary.identity')}>
        <Facts items={[
          [t('summary.studyId'), identity.studyId ?? '—'],
          [t('summary.ageBand'), identity.ageBand ?? '—'],
          [t('record.pilot'), pilotName],
          [t('summary.recordId'), identity.id],
        ]} />
      </Part>
      <Part title={t('summary.recruitment')}>
        <Facts items={[
          [t('summary.status'), t(recruitmentKey(recruitment.code))],
          [t('summary.registeredOn'), day(recruitment.registeredOn)],
          [t('summary.consentDate'), day(recruitment.consentDate)],
          [t('summary.lastDecisionOn'), day(recruitment.lastDecisionOn)],
          [t('record.dropOff'), day(recruitment.dropOff)],
          [t('summary.withdrawalDate'), day(recruitment.withdrawalDate)],
          [t('summary.assessments'), summary.assessments.map((a) => `${a.number}: ${day(a.start)}`).join(' · ') || '—'],
        ]} />
      </Part>
      <Part title={t('summary.scores')}>
        {scores.length ? (
          <>
            <Grid label={t('summary.scores')} head={[t('summary.instrument'), t('summary.score'), t('summary.band'), t('summary.change'), t('summary.date')]} rows={scoreRows} />
            <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>{t('summary.legend')}</Typography>
          </>
        ) : <None>{t('summary.noScores')}</None>}
      </Part>
      <Part title={clinical ? t('summary.clinical', { n: clinical.assessment }) : t('summary.clinicalTitle')}>
        {clinical ? (
          <Box sx={{ columnCount: 2, columnGap: 3 }}>
            {clinical.values.map(({ key, value }) => (
              <Typography key={key} variant="body2" sx={{ breakInside: 'avoid' }}>
                <Box component="span" sx={{ fontWeight: 700 }}>{t(`messages:rules.observationCodes.items.${key}`)}:</Box> {clinicalValueText(key, value, t, number)}
              </Typography>
            ))}
          </Box>
        ) : <None>{t('summary.noClinical')}</None>}
      </Part>
      <Part title={t('summary.medications')}>
        {medications.items.length ? (
          <>
            <Typography variant="body2">
              {medications.items.map((m) => [m.substance, m.dose !== null ? ` ${number(m.dose)} ${m.doseUnit ?? ''}`.trimEnd() : '', m.psychoactive ? ' ▲' : ''].join('')).join(' · ')}
            </Typography>
            {medications.polypharmacy && <Typography variant="body2" sx={{ fontWeight: 700 }}>{t('medications.polypharmacy', { n: medications.items.length })}</Typography>}
            {medications.psychoactive && <Typography variant="body2" sx={{ fontWeight: 700 }}>▲ {t('medications.psychoactiveFlag')}</Typography>}
          </>
        ) : <None>{t('summary.noMedications')}</None>}
      </Part>
      <Part title={t('summary.adverseEvents')}>
        {adverseEvents.length ? (
          <Grid label={t('summary.adverseEvents')}
            head={[t('adverseevents:fields.event'), t('adverseevents:fields.detectedDate'), t('adverseevents:fields.severity'), t('adverseevents:fields.seriousness'), t('adverseevents:fields.outcome')]}
            rows={adverseEvents.map((e) => [e.event, day(e.detectedDate), t(`adverseevents:severity.${e.severity}`), t(`adverseevents:seriousness.${e.seriousness}`), t(`adverseevents:outcome.${e.outcome}`)])} />
        ) : <None>{t('summary.noAdverseEvents')}</None>}
      </Part>
      <Part title={t('summary.devices')}>
        {devices.items.length ? (
          <Grid label={t('summary.devices')}
            head={[t('devices.type'), t('devices.serial'), t('devices.lastUsed'), t('summary.daysWithData', { days: devices.days })]}
            rows={devices.items.map((d) => [t(`devices.types.${d.type}`), d.serial, day(d.LastUsed), `${d.daysWithData} / ${devices.days}`])} />
        ) : <None>{t('summary.noDevices')}</None>}
      </Part>
    </>
  );
}
