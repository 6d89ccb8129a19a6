import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { isIrreversible, type GdprRight } from '@geria/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names what carrying out the right will do before it is done; an erasure, which cannot be undone,
 * also asks to type the participant's id.
 */
export function ExecuteRightDialog({ right, participantId, busy, onConfirm, onClose }: {
  right: GdprRight; participantId: string; busy: boolean; onConfirm: () => void; onClose: () => void;
}) {
  const { t } = useTranslation('gdpr');
  const titleId = useId();
  const irreversible = isIrreversible(right);
  const [typed, setTyped] = useState('');
  const confirmed = !irreversible || typed.trim() === participantId;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('execute.title', { right: t(`rights.${right}`) })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t(`consequences.${right}`)}</DialogContentText>
        {irreversible && (
          <>
            <Alert severity="error" sx={{ mb: 2 }}>{t('execute.irreversible')}</Alert>
            <TextField fullWidth label={t('execute.typeId')} helperText={participantId} value={typed} onChange={(e) => setTyped(e.target.value)} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" color={irreversible ? 'error' : 'primary'} disabled={!confirmed || busy} onClick={onConfirm}>{t('execute.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}
