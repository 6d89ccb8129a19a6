import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { describeError } from '../../../lib/api-error.ts';
import { useSaveNotebook, type Notebook } from '../api/analytics.ts';

/** Creates a notebook, or modifies the one given. */
export function NotebookDialog({ notebook, onClose }: { notebook?: Notebook; onClose: () => void }) {
  const { t } = useTranslation('analytics');
  const notify = useNotify();
  const titleId = useId();
  const save = useSaveNotebook();
  const [name, setName] = useState(notebook?.name ?? '');
  const [description, setDescription] = useState(notebook?.description ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    save.mutate({ id: notebook?.id, input: { name, description } }, {
      onSuccess: () => { notify.success(notebook ? 'analytics:notebookUpdated' : 'analytics:notebookCreated'); onClose(); },
      onError: (error) => { const e = describeError(error); notify.error(e.code, { defaultValue: e.message }); },
    });
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true, 'aria-labelledby': titleId } as object }}>
      <DialogTitle id={titleId}>{t(notebook ? 'editNotebook' : 'newNotebook')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('name')} value={name} onChange={(e) => setName(e.target.value)} required autoFocus
            error={save.isIdle ? false : !name.trim()} slotProps={{ htmlInput: { maxLength: 120 } }} />
          <TextField label={t('description')} value={description} onChange={(e) => setDescription(e.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 2000 } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending || !name.trim()}>{t('save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
