import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { DateField, INVALID_DAY } from '../../../components/DateField.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { downloadAuditCsv, useAuditTrail, type AuditFilter, type AuditRecord } from '../api/audit.ts';
import { ChangeDialog } from '../components/ChangeDialog.tsx';
import { useActionLabel } from '../components/use-action-label.ts';
import { useEntityTypeLabel } from '../components/use-entity-type-label.ts';

const FIELDS = ['actor', 'participantId', 'action', 'entityType'] as const;

/** `/audit`: the audit trail with filters, each change's before and after, and a CSV export. */
export function AuditPage({ route }: ScreenProps) {
  const { t } = useTranslation('audit');
  const format = useFormat();
  const notify = useNotify();
  const studyWide = useAuth().user?.roles.includes('Auditor') ?? false;
  const [draft, setDraft] = useState<AuditFilter>({});
  const [filter, setFilter] = useState<AuditFilter>({});
  const [shown, setShown] = useState<AuditRecord | null>(null);
  const trail = useAuditTrail(filter);
  const rows = trail.data?.pages.flatMap((p) => p.items) ?? [];
  // A date still being typed (its field says what is wrong) is not applied.
  const apply = (event: FormEvent) => { event.preventDefault(); if (draft.from !== INVALID_DAY && draft.to !== INVALID_DAY) setFilter(draft); };
  const set = (name: keyof AuditFilter, value: string) => setDraft((d) => ({ ...d, [name]: value.trim() }));
  const actionLabel = useActionLabel();
  const entityTypeLabel = useEntityTypeLabel();

  return (
    <>
      <PageHeader title={t(`shell:${route.title ?? 'routes.Audit'}`)}
        actions={<Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => downloadAuditCsv(filter).catch(() => notify.error('audit:exportFailed'))}>{t('exportCsv')}</Button>} />
      <Alert severity="info" sx={{ mb: 2 }}>{t(studyWide ? 'scope.study' : 'scope.organisation')}</Alert>
      <Stack component="form" onSubmit={apply} direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap aria-label={t('filters')}>
        {FIELDS.map((name) => <TextField key={name} size="small" label={t(`filter.${name}`)} value={draft[name] ?? ''} onChange={(e) => set(name, e.target.value)} />)}
        {studyWide && <TextField size="small" label={t('filter.organisation')} value={draft.organisation ?? ''} onChange={(e) => set('organisation', e.target.value)} />}
        <DateField size="small" label={t('filter.from')} value={draft.from ?? ''} onChange={(day) => set('from', day)} />
        <DateField size="small" label={t('filter.to')} value={draft.to ?? ''} onChange={(day) => set('to', day)} />
        <Button type="submit" variant="contained">{t('apply')}</Button>
      </Stack>
      {trail.isPending && <CenteredProgress label={t('shell:app.loading')} />}
      {trail.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {trail.isSuccess && rows.length === 0 && <EmptyState message={t('empty')} />}
      {rows.length > 0 && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t(`shell:${route.title ?? 'routes.Audit'}`)}>
              <TableHead>
                <TableRow>
                  {(['at', 'actor', 'organisation', 'action', 'entityType', 'entityId', 'change'] as const).map((c) => <TableCell key={c}>{t(`columns.${c}`)}</TableCell>)}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(r.at)}</TableCell>
                    <TableCell>{r.actor}</TableCell>
                    <TableCell>{r.actor_organisation ?? '—'}</TableCell>
                    {/* The code under its name: the action filter takes codes (e.g. "read."). */}
                    <TableCell>{actionLabel(r.action)}{actionLabel(r.action) !== r.action && <>{' '}<br /><code>{r.action}</code></>}</TableCell>
                    <TableCell>{entityTypeLabel(r.entity_type)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>{r.entity_id ?? '—'}</TableCell>
                    <TableCell><Button size="small" onClick={() => setShown(r)} aria-label={t('showChangeOf', { action: actionLabel(r.action), id: r.id })}>{t('showChange')}</Button></TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {trail.hasNextPage && (
            <Stack sx={{ p: 2, alignItems: 'center' }}>
              <Button onClick={() => trail.fetchNextPage()} disabled={trail.isFetchingNextPage}>{t('more')}</Button>
            </Stack>
          )}
        </Paper>
      )}
      {shown && <ChangeDialog record={shown} onClose={() => setShown(null)} />}
    </>
  );
}
