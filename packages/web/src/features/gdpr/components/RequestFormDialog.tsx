import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { GDPR_RIGHT_NUMBERS, GDPR_RIGHTS, gdprRequestInputSchema, type GdprRequestInput } from '@geria/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';

type Values = { participantId: string; right: number | ''; about: string; description: string };

/** Create (with the participant) or edit (right, about, description) a GDPR request. */
export function RequestFormDialog({ initial, editing, saving, serverError, onSubmit, onClose }: {
  initial: Partial<Values>; editing: boolean; saving: boolean; serverError: unknown;
  onSubmit: (input: GdprRequestInput) => void; onClose: () => void;
}) {
  const { t } = useTranslation('gdpr');
  const titleId = useId();
  const [values, setValues] = useState<Values>({ participantId: '', right: '', about: '', description: '', ...initial });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const apiErrors = serverError instanceof ApiError && Array.isArray(serverError.details)
    ? Object.fromEntries((serverError.details as { path: string; code: string }[]).map((d) => [d.path, d.code])) : {};
  const shown = { ...apiErrors, ...errors };
  const help = (name: string) => (shown[name] ? t(`messages:${shown[name]}`, { defaultValue: t('messages:validation.invalid') }) : undefined);
  const set = (name: keyof Values, value: string | number) => setValues((v) => ({ ...v, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = gdprRequestInputSchema.safeParse({ ...values, participantId: values.participantId.trim() });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), 'validation.required'])));
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true, 'aria-labelledby': titleId } as object }}>
      <DialogTitle id={titleId}>{t(editing ? 'form.editTitle' : 'form.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField required label={t('fields.participant')} value={values.participantId} disabled={editing}
            error={!!shown.participantId} helperText={help('participantId') ?? t('form.participantHelp')} onChange={(e) => set('participantId', e.target.value)} />
          <TextField select required label={t('fields.right')} value={values.right} error={!!shown.right} helperText={help('right')}
            onChange={(e) => set('right', Number(e.target.value))}>
            {GDPR_RIGHT_NUMBERS.map((n) => <MenuItem key={n} value={n}>{`${n} · ${t(`rights.${GDPR_RIGHTS[n]}`)}`}</MenuItem>)}
          </TextField>
          <TextField required label={t('fields.about')} value={values.about} error={!!shown.about} helperText={help('about')} onChange={(e) => set('about', e.target.value)} />
          <TextField multiline minRows={3} label={t('fields.description')} value={values.description} onChange={(e) => set('description', e.target.value)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving}>{t('actions.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
