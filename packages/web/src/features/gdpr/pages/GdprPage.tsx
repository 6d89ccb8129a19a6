import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { GDPR_RIGHT_NUMBERS, GDPR_RIGHTS, GDPR_STATUSES, type GdprStatus } from '@geria/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { useCreateRequest, useGdprRequests } from '../api/gdpr.ts';
import { useCanActOnGdpr } from '../components/can-act.ts';
import { RequestFormDialog } from '../components/RequestFormDialog.tsx';
import { StatusChip } from '../components/StatusChip.tsx';

const PAGE_SIZE = 25;

/** `/gdpr`: the organisation's GDPR requests with filters, and a new request (SPEC §2, §3). */
export function GdprPage({ route }: ScreenProps) {
  const { t } = useTranslation('gdpr');
  const format = useFormat();
  const notify = useNotify();
  const navigate = useNavigate();
  const canAct = useCanActOnGdpr();
  const [search] = useSearchParams();
  const [status, setStatus] = useState<GdprStatus | ''>('');
  const [right, setRight] = useState<number | ''>('');
  const [participantId, setParticipantId] = useState(search.get('participantId') ?? '');
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(search.has('new'));
  const validParticipant = /^[0-9a-f-]{36}$/i.test(participantId.trim()) ? participantId.trim() : undefined;
  const list = useGdprRequests({ status: status || undefined, right: right || undefined, participantId: validParticipant, page, pageSize: PAGE_SIZE });
  const create = useCreateRequest();

  return (
    <>
      <PageHeader title={t(`shell:${route.title ?? 'routes.gdpr'}`)}
        actions={canAct && <Button variant="contained" startIcon={<AddIcon />} onClick={() => { create.reset(); setCreating(true); }}>{t('actions.create')}</Button>} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField select size="small" label={t('fields.status')} value={status} sx={{ minWidth: 180 }} onChange={(e) => { setStatus(e.target.value as GdprStatus | ''); setPage(0); }}>
          <MenuItem value="">{t('filters.all')}</MenuItem>
          {GDPR_STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`status.${s}`)}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={t('fields.right')} value={right} sx={{ minWidth: 260 }} onChange={(e) => { setRight(e.target.value === '' ? '' : Number(e.target.value)); setPage(0); }}>
          <MenuItem value="">{t('filters.all')}</MenuItem>
          {GDPR_RIGHT_NUMBERS.map((n) => <MenuItem key={n} value={n}>{`${n} · ${t(`rights.${GDPR_RIGHTS[n]}`)}`}</MenuItem>)}
        </TextField>
        <TextField size="small" label={t('fields.participant')} value={participantId} sx={{ minWidth: 320 }} onChange={(e) => { setParticipantId(e.target.value); setPage(0); }} />
      </Stack>
      {list.isPending && <CenteredProgress label={t('shell:app.loading')} />}
      {list.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {list.data && list.data.items.length === 0 && <EmptyState message={t('empty')} />}
      {list.data && list.data.items.length > 0 && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t(`shell:${route.title ?? 'routes.gdpr'}`)}>
              <TableHead>
                <TableRow>
                  {(['id', 'participant', 'right', 'about', 'status', 'creator', 'lastUpdated'] as const).map((c) => <TableCell key={c}>{t(`fields.${c}`)}</TableCell>)}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((r) => (
                  <TableRow key={r.id} hover>
                    <TableCell><Link component={RouterLink} to={`/gdpr/${r.id}/show`} underline="always">{t('requestNumber', { id: r.id })}</Link></TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>{r.participantId}</TableCell>
                    <TableCell>{`${r.right} · ${t(`rights.${r.rightName}`)}`}</TableCell>
                    <TableCell>{r.about}</TableCell>
                    <TableCell><StatusChip status={r.status} /></TableCell>
                    <TableCell>{r.creator}</TableCell>
                    <TableCell>{format.dateTime(r.lastUpdated)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination component="div" count={list.data.total} page={page} rowsPerPage={PAGE_SIZE} rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_, p) => setPage(p)} />
        </Paper>
      )}
      {creating && (
        <RequestFormDialog editing={false} initial={{ participantId: search.get('participantId') ?? '' }} saving={create.isPending} serverError={create.error}
          onClose={() => setCreating(false)}
          onSubmit={(input) => create.mutate(input, {
            onSuccess: (created) => { notify.success('gdpr:messages.created'); void navigate(`/gdpr/${created.id}/show`); },
            onError: (error) => notify.error('gdpr:messages.saveError', { defaultValue: error.message }),
          })} />
      )}
    </>
  );
}
