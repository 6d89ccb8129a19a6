import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { REJECTION_REASON_MAX, rejectionSchema } from '@geria/domain/rules/registration.ts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApprovalTask } from '../api/users.ts';
import { useFieldMessage } from './field-messages.ts';

/** Asks the reason of a rejection; the applicant receives it by e-mail. */
export function RejectDialog({ task, busy, onReject, onClose }: { task: ApprovalTask; busy: boolean; onReject: (reason: string) => void; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const message = useFieldMessage();
  const { register, handleSubmit, formState: { errors } } = useForm<{ reason: string }>({ resolver: zodResolver(rejectionSchema), defaultValues: { reason: '' } });
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="reject-title" maxWidth="sm" fullWidth>
      <DialogTitle id="reject-title">{t('approval.rejectTitle', { username: task.user.username })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('approval.rejectIntro')}</DialogContentText>
        <form id="reject-form" noValidate onSubmit={handleSubmit(({ reason }) => onReject(reason))}>
          <TextField
            {...register('reason')}
            label={t('approval.reason')}
            required
            fullWidth
            multiline
            minRows={3}
            autoFocus
            slotProps={{ htmlInput: { maxLength: REJECTION_REASON_MAX } }}
            error={Boolean(errors.reason)}
            helperText={errors.reason ? message('validation.required') : undefined}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{t('cancel')}</Button>
        <Button type="submit" form="reject-form" color="error" variant="contained" disabled={busy}>{t('approval.reject')}</Button>
      </DialogActions>
    </Dialog>
  );
}
