import Alert from '@mui/material/Alert';
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
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { useSentNotifications } from '../api/interventions.ts';
import { DeliveryStatus } from '../components/DeliveryStatus.tsx';

const PAGE_SIZE = 25;

/** `/interventions/notifications`: every notification the rules sent (app, inbox, e-mail) with its status and attempts. */
export function NotificationsPage(_props: ScreenProps) {
  const { t } = useTranslation('interventions');
  const format = useFormat();
  const [page, setPage] = useState(0);
  const sent = useSentNotifications({ page, pageSize: PAGE_SIZE });
  const data = sent.data;
  return (
    <>
      <PageHeader title={t('notifications.title')} trail={[{ label: t('rules.title'), to: '/interventions/medical' }]} />
      {sent.isPending && <CenteredProgress label={t('shell:app.loading')} />}
      {sent.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {data && !data.items.length && <EmptyState message={t('notifications.empty')} />}
      {data && data.items.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('notifications.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('notifications.createdAt')}</TableCell>
                <TableCell>{t('notifications.channel')}</TableCell>
                <TableCell>{t('notifications.recipient')}</TableCell>
                <TableCell>{t('fields.name')}</TableCell>
                <TableCell>{t('logs.participant')}</TableCell>
                <TableCell>{t('notifications.status')}</TableCell>
                <TableCell>{t('notifications.lastError')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{format.dateTime(d.createdAt)}</TableCell>
                  <TableCell>{t(`deliveryChannels.${d.channel}`)}</TableCell>
                  <TableCell>{d.recipient}</TableCell>
                  <TableCell>{d.ruleName}</TableCell>
                  <TableCell><Link component={RouterLink} underline="always" to={`/interventions/${d.participantId}/show`}>{d.participantId.slice(0, 8)}</Link></TableCell>
                  <TableCell><DeliveryStatus status={d.status} />{d.attempts > 0 ? ` (${t('attempts', { count: d.attempts })})` : ''}</TableCell>
                  <TableCell>{d.lastError ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {data && data.total > PAGE_SIZE && <Pagination sx={{ mt: 2 }} count={Math.ceil(data.total / PAGE_SIZE)} page={page + 1} onChange={(_e, p) => setPage(p - 1)} />}
    </>
  );
}
