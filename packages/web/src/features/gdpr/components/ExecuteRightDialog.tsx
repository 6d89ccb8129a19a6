import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { confirmsErasure, erasureConfirmationTerms, isIrreversible, type GdprRight } from '@geria/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Who the request is about, as the user may know them (the API gives the name to the roles that read participants). */
export interface RequestSubject { id: string; name: string | null; studyCode: string | null }

/**
 * Names what carrying out the right will do before it is done; an erasure, which cannot be undone,
 * also asks to type the participant's name or study code (the API checks it again).
 */
export function ExecuteRightDialog({ right, subject, busy, onConfirm, onClose }: {
  right: GdprRight; subject: RequestSubject; busy: boolean; onConfirm: (confirmation: string) => void; onClose: () => void;
}) {
  const { t } = useTranslation('gdpr');
  const titleId = useId();
  const irreversible = isIrreversible(right);
  const [typed, setTyped] = useState('');
  const terms = erasureConfirmationTerms(subject);
  const confirmed = !irreversible || confirmsErasure(typed, terms);
  const asked = subject.name && subject.studyCode ? 'nameOrCode' : subject.name ? 'name' : subject.studyCode ? 'code' : 'id';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('execute.title', { right: t(`rights.${right}`) })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t(`consequences.${right}`)}</DialogContentText>
        {irreversible && (
          <>
            <Alert severity="error" sx={{ mb: 2 }}>{t('execute.irreversible')}</Alert>
            <TextField fullWidth autoComplete="off" label={t(`execute.type.${asked}`)} helperText={t('execute.concerns', { who: terms.join(' · ') })}
              value={typed} onChange={(e) => setTyped(e.target.value)} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" color={irreversible ? 'error' : 'primary'} disabled={!confirmed || busy} onClick={() => onConfirm(typed)}>{t('execute.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}
