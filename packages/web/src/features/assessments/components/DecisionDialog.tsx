import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { RecruitmentStatus } from '@geria/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useDecideRecruitment } from '../api/assessments.ts';
import { useRuleText } from './use-rule-text.ts';

export type DecisionAction = 'accept' | 'dontExclude' | 'exclude' | 'riskExclusion' | 'withdraw' | 'complete';

export const ACTION_TARGET: Record<DecisionAction, RecruitmentStatus> = {
  accept: 'accepted', dontExclude: 'accepted', exclude: 'excluded', riskExclusion: 'riskExclusion', withdraw: 'withdrawn', complete: 'completed',
};

/** The actions whose reason the state machine requires; the others may still record one. */
const REASON_REQUIRED: ReadonlySet<DecisionAction> = new Set(['dontExclude', 'exclude', 'riskExclusion']);

/**
 * Confirms one recruitment decision: the reason (required for Exclude, Don't exclude and risk of
 * exclusion), the drop-off date of a withdrawal. The server's rules decide; a
 * refusal is shown in the dialog, a success in the message bar.
 */
export function DecisionDialog({ patientId, action, onClose }: { patientId: string; action: DecisionAction; onClose: () => void }) {
  const { t } = useTranslation('assessments');
  const notify = useNotify();
  const { errorTexts } = useRuleText();
  const decide = useDecideRecruitment(patientId);
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [dropOffDate, setDropOffDate] = useState(() => new Date().toISOString().slice(0, 10));
  const reasonRequired = REASON_REQUIRED.has(action);
  const to = ACTION_TARGET[action];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    decide.mutate(
      { to, reason: reason.trim() || null, ...(action === 'withdraw' && { dropOffDate }) },
      { onSuccess: () => { notify.success('assessments:recruitment.updated'); onClose(); } },
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true, 'aria-labelledby': titleId } as object }}>
      <DialogTitle id={titleId}>{t(`recruitment.actions.${action}`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t(`recruitment.confirm.${action}`, { status: t(`messages:rules.recruitment.status.${to}`) })}</DialogContentText>
          {action === 'withdraw' && (
            <DateField label={t('recruitment.dropOffDate')} value={dropOffDate} required onChange={setDropOffDate} />
          )}
          <TextField label={t('recruitment.reason')} value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2}
            required={reasonRequired} helperText={reasonRequired ? t('recruitment.reasonHelp') : undefined} />
          {decide.isError && errorTexts(decide.error, 'recruitment.error').map((text) => <Alert key={text} severity="error">{text}</Alert>)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={decide.isPending || (reasonRequired && !reason.trim())}>{t('actions.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}
