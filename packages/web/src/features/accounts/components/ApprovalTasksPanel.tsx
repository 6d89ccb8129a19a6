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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { ApiError, describeError } from '../../../lib/api-error.ts';
import { useApprovalTasks, useApprove, useReject, type ApprovalTask, type ManagedUser } from '../api/users.ts';
import { RejectDialog } from './RejectDialog.tsx';

// A failure without the server's own explanation is reported with the spec's message.
const failureCode = (error: unknown) => (error instanceof ApiError && error.status > 0 && error.status < 500 ? error.code : 'accounts.update.failed');

/**
 * The registrations awaiting approval. Approve unlocks the account and sends the validation
 * e-mail, then reminds to add a role (roles are given after approval); Reject asks for a reason.
 */
export function ApprovalTasksPanel({ onAssignRole }: { onAssignRole: (user: ManagedUser) => void }) {
  const { t } = useTranslation('accounts');
  const format = useFormat();
  const notify = useNotify();
  const tasks = useApprovalTasks();
  const approve = useApprove();
  const reject = useReject();
  const [rejecting, setRejecting] = useState<ApprovalTask | null>(null);
  const [approved, setApproved] = useState<ManagedUser | null>(null);

  const onApprove = (task: ApprovalTask) => approve.mutate(task.id, {
    onSuccess: ({ user }) => setApproved(user),
    onError: (error) => notify.alert(failureCode(error)),
  });
  const onReject = (reason: string) => rejecting && reject.mutate({ taskId: rejecting.id, reason }, {
    onSuccess: () => { setRejecting(null); notify.success('accounts.approval.rejected'); },
    onError: (error) => { setRejecting(null); notify.alert(failureCode(error)); },
  });

  if (tasks.isPending) return <CenteredProgress label={t('shell:app.loading')} />;
  if (tasks.isError) return <Alert severity="error">{t(`messages:${describeError(tasks.error).code}`)}</Alert>;

  return (
    <Stack spacing={2}>
      {approved && (
        <Alert
          severity="success"
          onClose={() => setApproved(null)}
          action={<Button color="inherit" size="small" onClick={() => { onAssignRole(approved); setApproved(null); }}>{t('approval.assignRole')}</Button>}
        >
          <strong>{t('messages:accounts.update.success')}</strong> — {t('messages:accounts.update.roleReminder')}
        </Alert>
      )}
      {tasks.data.items.length === 0 ? <EmptyState message={t('approval.empty')} /> : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('approval.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.name')}</TableCell>
                <TableCell>{t('fields.username')}</TableCell>
                <TableCell>{t('fields.email')}</TableCell>
                <TableCell>{t('fields.organisation')}</TableCell>
                <TableCell>{t('fields.requestedRole')}</TableCell>
                <TableCell>{t('approval.requestedOn')}</TableCell>
                <TableCell align="right">{t('users.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tasks.data.items.map((task) => (
                <TableRow key={task.id}>
                  <TableCell>{task.user.firstName} {task.user.lastName}</TableCell>
                  <TableCell>{task.user.username}</TableCell>
                  <TableCell>{task.user.email}</TableCell>
                  <TableCell>{task.user.organisation}</TableCell>
                  <TableCell>{task.user.requestedRole ? t(`shell:roles.${task.user.requestedRole}`, { defaultValue: task.user.requestedRole }) : '—'}</TableCell>
                  <TableCell>{format.dateTime(task.createdAt)}</TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      <Button size="small" variant="contained" disabled={approve.isPending} onClick={() => onApprove(task)} aria-label={t('approval.approveUser', { username: task.user.username })}>{t('approval.approve')}</Button>
                      <Button size="small" color="error" variant="outlined" onClick={() => setRejecting(task)} aria-label={t('approval.rejectUser', { username: task.user.username })}>{t('approval.reject')}</Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {rejecting && <RejectDialog task={rejecting} busy={reject.isPending} onReject={onReject} onClose={() => setRejecting(null)} />}
    </Stack>
  );
}
