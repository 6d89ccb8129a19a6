import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Button from '@mui/material/Button';
import { IC_DOMAINS } from '@geria/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { useIntrinsicCapacity, useResumePlot } from '../api/analytics.ts';
import { IcRadar } from '../components/RunResults.tsx';

function ResumePlot({ patientId, name }: { patientId: string; name: string }) {
  const { t } = useTranslation('analytics');
  const plot = useResumePlot(patientId);
  const data = plot.data?.data;
  return (
    <IcRadar title={t('resumePlotOf', { name })}
      profiles={data ? [
        { name: t('assessmentN', { n: data.first.assessment }), profile: data.first.profile },
        ...(data.latest.assessment !== data.first.assessment ? [{ name: t('assessmentN', { n: data.latest.assessment }), profile: data.latest.profile }] : []),
      ] : []} />
  );
}

/** `/ic`: intrinsic capacity (ICOPE domains, 0–100) of the organisation's participants, with declines and the resume plot. */
export function IntrinsicCapacityPage({ route }: ScreenProps) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const ic = useIntrinsicCapacity();
  const [selected, setSelected] = useState<{ id: string; name: string } | null>(null);
  const cell = (v: number | null) => (v === null ? '–' : format.number(v, { maximumFractionDigits: 1 }));
  return (
    <>
      <PageHeader title={t(`shell:${route.title ?? 'routes.IntrinsecCapacity'}`)} />
      {ic.isPending && <CenteredProgress label={t('shell:app.loading')} />}
      {ic.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {ic.data?.participants.length === 0 && <EmptyState message={t('noIcData')} />}
      {selected && <ResumePlot key={selected.id} patientId={selected.id} name={selected.name} />}
      {!!ic.data?.participants.length && (
        <TableContainer component={Paper} variant="outlined" sx={{ mt: 2 }}>
          <Table size="small" aria-label={t('icTable')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('participant')}</TableCell>
                {IC_DOMAINS.map((d) => <TableCell key={d} align="right">{t(`domains.${d}`)}</TableCell>)}
                <TableCell>{t('decline')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {ic.data.participants.map((p) => (
                <TableRow key={p.participantId} selected={selected?.id === p.participantId}>
                  <TableCell>{p.participantName}</TableCell>
                  {IC_DOMAINS.map((d) => <TableCell key={d} align="right">{cell(p.latest.profile[d])}</TableCell>)}
                  <TableCell>{p.declines.length > 0 ? <Chip size="small" variant="outlined" icon={<TrendingDownIcon color="error" />} label={p.declines.map((d) => t(`domains.${d}`)).join(', ')} /> : t('noDecline')}</TableCell>
                  <TableCell><Button size="small" onClick={() => setSelected({ id: p.participantId, name: p.participantName })}>{t('showResumePlot')}</Button></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
