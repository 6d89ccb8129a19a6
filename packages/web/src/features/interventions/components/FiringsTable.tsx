import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatReading, unitKey } from '@geria/domain';
import { useFormat } from '../../../i18n/use-format.ts';
import { useDeferredData } from '../../../lib/deferred-data.ts';
import { useFirings, type FiringItem } from '../api/interventions.ts';
import { DeliveryStatus } from './DeliveryStatus.tsx';

const PAGE_SIZE = 20;

/** The reading in the interface language, with its unit's label (as the notices and e-mails write it). */
function measured(f: FiringItem, language: string, unitLabel: (unit: string) => string) {
  return `${formatReading(language, f.diastolic === null ? f.value : [f.value, f.diastolic])} ${unitLabel(f.unit)}`.trim();
}

/** The firing log (all, or one participant's): rule, participant, value, level, channels, delivery status. */
export function FiringsTable({ participantId }: { participantId?: string }) {
  const { t, i18n } = useTranslation('interventions');
  const format = useFormat();
  const unitLabel = (unit: string) => { const key = unitKey(unit); return key ? t(`messages:${key}`) : unit; };
  const [page, setPage] = useState(0);
  const firings = useFirings({ page, pageSize: PAGE_SIZE, participantId });
  // The firings render as a non-urgent update (lib/deferred-data.ts): on the patient record, the
  // sections arriving together are not one long task.
  const data = useDeferredData(firings.data, firings.isError).data;
  if (firings.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  if (!data) return <CenteredProgress label={t('shell:app.loading')} />;
  if (!data.items.length) return <EmptyState message={t('logs.empty')} />;
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('logs.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('logs.firedAt')}</TableCell>
              <TableCell>{t('fields.name')}</TableCell>
              {!participantId && <TableCell>{t('logs.participant')}</TableCell>}
              <TableCell>{t('logs.value')}</TableCell>
              <TableCell>{t('logs.level')}</TableCell>
              <TableCell>{t('logs.message')}</TableCell>
              <TableCell>{t('logs.deliveries')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((f) => (
              <TableRow key={f.id}>
                <TableCell>{format.dateTime(f.firedAt)}</TableCell>
                <TableCell>{f.ruleName}<br /><small>{t(`types.${f.ruleType}`)}</small></TableCell>
                {!participantId && (
                  <TableCell><Link component={RouterLink} underline="always" to={`/interventions/${f.participantId}/show`}>{f.participantName}</Link></TableCell>
                )}
                <TableCell>{measured(f, i18n.resolvedLanguage ?? 'en', unitLabel)}<br />{' '}<small>{t('logs.measuredOn', { date: format.date(f.measuredAt) })}</small></TableCell>
                <TableCell><Chip size="small" color={f.level === 'extreme' ? 'error' : 'warning'} label={t(`levels.${f.level}`)} /></TableCell>
                <TableCell sx={{ maxWidth: 320 }}>{f.message}</TableCell>
                <TableCell>
                  {f.deliveries.map((d) => (
                    <div key={d.id}>{t(`deliveryChannels.${d.channel}`)}: <DeliveryStatus status={d.status} />{d.attempts > 1 ? ` (${t('attempts', { count: d.attempts })})` : ''}</div>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {data.total > PAGE_SIZE && <Pagination sx={{ mt: 2 }} count={Math.ceil(data.total / PAGE_SIZE)} page={page + 1} onChange={(_e, p) => setPage(p - 1)} />}
    </>
  );
}
