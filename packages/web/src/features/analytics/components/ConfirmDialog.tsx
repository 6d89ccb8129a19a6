import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before a deletion (SPEC §2: notebooks and runs are deleted with confirmation). */
export function ConfirmDialog({ title, text, busy, onConfirm, onClose }: { title: string; text: string; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('analytics');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent><DialogContentText>{text}</DialogContentText></DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>{t('delete')}</Button>
      </DialogActions>
    </Dialog>
  );
}
