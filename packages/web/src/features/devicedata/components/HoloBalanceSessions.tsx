import { HOLOBALANCE_SYMPTOMS } from '@geria/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { SessionsCard, useSessionColumns } from './SessionsCard.tsx';
import { useHoloBalanceSessions, type HoloBalanceComponentReading, type HoloBalanceSession } from '../api/devicedata.ts';

/** Units as the platform writes them (UCUM): symbols stay, annotations are worded in the language. */
const SYMBOLS: Record<string, string> = { deg: '°', 'deg/s': '°/s', s: 's', min: 'min' };
const WORDED: Record<string, string> = { '{repetitions}': 'repetitions', '{score}': 'score' };

function useReadingText() {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const number = (value: number | null) => (value === null ? '–' : format.number(value, { maximumFractionDigits: 1 }));
  const unit = (code: string | null) => (code === null ? '' : SYMBOLS[code] ?? (WORDED[code] ? t(`holobalance.units.${WORDED[code]}`) : code));
  return { number, unit };
}

const symptomMax = (session: HoloBalanceSession, key: string) => session.components.find((c) => c.key === key)?.max ?? null;

function SessionDialog({ session, onClose }: { session: HoloBalanceSession | null; onClose: () => void }) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const { number, unit } = useReadingText();
  const titleId = useId();
  if (!session) return null;
  const row = (c: HoloBalanceComponentReading) => (
    <TableRow key={c.key}>
      <TableCell component="th" scope="row">{t(`holobalance.components.${c.key}`)}</TableCell>
      <TableCell>{unit(c.unit)}</TableCell>
      <TableCell>{c.samples.map(number).join(' · ')}</TableCell>
      <TableCell align="right">{number(c.mean)}</TableCell>
      <TableCell align="right">{number(c.max)}</TableCell>
    </TableRow>
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('holobalance.sessionTitle', { date: format.dateTime(session.start) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            {t('training.duration')}: {t('training.minutes', { value: format.number(session.durationMinutes) })}
            {' · '}{t('training.score')}: {session.score === null ? t('training.noScore') : format.number(session.score)}
          </Typography>
          <TableContainer tabIndex={0}>
            <Table size="small" aria-labelledby={titleId}>
              <TableHead><TableRow>
                <TableCell>{t('holobalance.measure')}</TableCell><TableCell>{t('holobalance.unit')}</TableCell><TableCell>{t('holobalance.readings')}</TableCell>
                <TableCell align="right">{t('holobalance.mean')}</TableCell><TableCell align="right">{t('holobalance.max')}</TableCell>
              </TableRow></TableHead>
              <TableBody>
                {session.components.filter((c) => !(HOLOBALANCE_SYMPTOMS as readonly string[]).includes(c.key)).map(row)}
                <TableRow><TableCell colSpan={5}><Typography variant="subtitle2" component="h3">{t('holobalance.symptoms')}</Typography></TableCell></TableRow>
                {session.components.filter((c) => (HOLOBALANCE_SYMPTOMS as readonly string[]).includes(c.key)).map(row)}
              </TableBody>
            </Table>
          </TableContainer>
        </Stack>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{t('training.close')}</Button></DialogActions>
    </Dialog>
  );
}

/** Each symptom's highest report per session, oldest session first, with its table and downloads. */
function SymptomTrends({ sessions }: { sessions: readonly HoloBalanceSession[] }) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const oldestFirst = useMemo(() => [...sessions].reverse(), [sessions]);
  const option = useMemo(() => ({
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'time', axisLabel: { hideOverlap: true, formatter: (at: number) => format.date(at, { day: 'numeric', month: 'short', timeZone: 'UTC' }) } },
    yAxis: { type: 'value', min: 0 },
    series: HOLOBALANCE_SYMPTOMS.map((key) => ({
      name: t(`holobalance.components.${key}`), type: 'line', connectNulls: true, data: oldestFirst.map((s) => [s.start, symptomMax(s, key)]),
    })),
  }), [oldestFirst, t, format]);
  return (
    <ChartCard
      title={t('holobalance.trends')}
      subheader={t('holobalance.symptomsAsMax')}
      empty={!sessions.length}
      compactWhenEmpty
      chart={{ option, height: 280 }}
      table={{
        columns: [{ label: t('training.date') }, ...HOLOBALANCE_SYMPTOMS.map((key) => ({ label: t(`holobalance.components.${key}`), numeric: true }))],
        rows: oldestFirst.map((s) => [format.dateTime(s.start), ...HOLOBALANCE_SYMPTOMS.map((key) => symptomMax(s, key))]),
      }}
    />
  );
}

/** The balance-training tab's HOLOBalance part: symptom trends, the sessions of [from, to], each openable with its components. */
export function HoloBalanceSessions({ participantId, from, to }: { participantId: string; from: string; to: string }) {
  const { t } = useTranslation('devicedata');
  const sessions = useHoloBalanceSessions(participantId, from, to);
  const [open, setOpen] = useState<HoloBalanceSession | null>(null);
  const { number } = useReadingText();
  const { duration, score } = useSessionColumns();
  const symptoms = HOLOBALANCE_SYMPTOMS.map((key) => ({ key, label: t(`holobalance.components.${key}`), cell: (s: HoloBalanceSession) => number(symptomMax(s, key)) }));
  if (sessions.isPending) return <CenteredProgress label={t('shell:app.loading')} />;
  if (sessions.isError) return <Alert severity="error">{t('holobalance.loadFailed')}</Alert>;
  return (
    <>
      <Grid container spacing={2}>
        {/* Full width each: the list has eight columns, which half a screen would scroll. */}
        <Grid size={12}><SessionsCard
          title={t('holobalance.title')} subheader={t('holobalance.symptomsAsMax')} empty={t('holobalance.empty')} sessions={sessions.data.sessions}
          columns={[duration, score, ...symptoms]} openLabel={(date) => t('holobalance.openSession', { date })} onOpen={setOpen}
        /></Grid>
        <Grid size={12}><SymptomTrends sessions={sessions.data.sessions} /></Grid>
      </Grid>
      <SessionDialog session={open} onClose={() => setOpen(null)} />
    </>
  );
}
