import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  ADVERSE_EVENT_ACTUALITIES, ADVERSE_EVENT_CATEGORIES, ADVERSE_EVENT_CAUSALITIES, ADVERSE_EVENT_OUTCOMES, ADVERSE_EVENT_SERIOUSNESS,
  ADVERSE_EVENT_SEVERITIES, adverseEventInputSchema, type AdverseEvent,
} from '@geria/domain/rules/adverse-event.ts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import type { Suspect } from '../api/adverse-events.ts';
import { useSuspectName } from './use-suspect-name.ts';

const ENUMS = {
  category: ADVERSE_EVENT_CATEGORIES, severity: ADVERSE_EVENT_SEVERITIES, outcome: ADVERSE_EVENT_OUTCOMES,
  causality: ADVERSE_EVENT_CAUSALITIES, actuality: ADVERSE_EVENT_ACTUALITIES, seriousness: ADVERSE_EVENT_SERIOUSNESS,
} as const;
type EnumField = keyof typeof ENUMS;

const today = () => new Date().toISOString().slice(0, 10);
const blank = (): Record<string, string> => ({ event: '', recordedDate: today(), detectedDate: today(), category: '', severity: '', outcome: '', causality: '', actuality: 'actual', seriousness: '' });

/** The create / edit form of an adverse event; the domain schema validates before sending, the API again. */
export function AdverseEventDialog({ initial, suspects, saving, serverError, onSubmit, onClose }: {
  initial?: AdverseEvent; suspects: Suspect[]; saving: boolean; serverError: unknown;
  onSubmit: (input: AdverseEvent) => void; onClose: () => void;
}) {
  const { t } = useTranslation('adverseevents');
  const suspectName = useSuspectName();
  const titleId = useId();
  // Only the form's own fields: the stored item also carries its id and last update, which the schema refuses.
  const [values, setValues] = useState<Record<string, string>>(() => {
    const start = blank();
    return initial ? Object.fromEntries(Object.keys(start).map((k) => [k, String(initial[k as keyof AdverseEvent] ?? '')])) : start;
  });
  const [selected, setSelected] = useState<string[]>(() => initial?.suspectEntities.map((s) => `${s.kind}/${s.id}`) ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const apiErrors = serverError instanceof ApiError && Array.isArray(serverError.details)
    ? Object.fromEntries((serverError.details as { path: string; code: string }[]).map((d) => [d.path, d.code])) : {};
  const shown = { ...apiErrors, ...errors };
  const errorText = (name: string) => (shown[name] ? t(`messages:${shown[name]}`, { defaultValue: t('messages:validation.invalid') }) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const suspectEntities = selected.map((s) => { const [kind, id] = s.split('/'); return { kind, id }; });
    const parsed = adverseEventInputSchema.safeParse({ ...values, suspectEntities });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.code === 'custom' ? i.message : 'validation.required'])));
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  const select = (name: EnumField) => (
    <TextField select fullWidth required label={t(`fields.${name}`)} value={values[name] ?? ''} error={!!shown[name]} helperText={errorText(name)}
      onChange={(e) => set(name, e.target.value)}>
      {ENUMS[name].map((code) => <MenuItem key={code} value={code}>{t(`${name}.${code}`)}</MenuItem>)}
    </TextField>
  );

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true, 'aria-labelledby': titleId } as object }}>
      <DialogTitle id={titleId}>{t(initial ? 'edit' : 'add')}</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={12}>
            <TextField fullWidth required multiline label={t('fields.event')} value={values.event} error={!!shown.event} helperText={errorText('event')}
              onChange={(e) => set('event', e.target.value)} />
          </Grid>
          {(['detectedDate', 'recordedDate'] as const).map((name) => (
            <Grid key={name} size={{ xs: 12, sm: 6 }}>
              <DateField fullWidth required label={t(`fields.${name}`)} value={values[name]} error={!!shown[name]} helperText={errorText(name)}
                onChange={(day) => set(name, day)} />
            </Grid>
          ))}
          {(Object.keys(ENUMS) as EnumField[]).map((name) => <Grid key={name} size={{ xs: 12, sm: name === 'category' ? 12 : 6 }}>{select(name)}</Grid>)}
          <Grid size={12}>
            <TextField select fullWidth label={t('fields.suspectEntities')} value={selected} slotProps={{ select: { multiple: true } }}
              helperText={suspects.length ? undefined : t('noSuspects')}
              onChange={(e) => setSelected(e.target.value as unknown as string[])}>
              {suspects.map((s) => <MenuItem key={`${s.kind}/${s.id}`} value={`${s.kind}/${s.id}`}>{suspectName(s)}</MenuItem>)}
            </TextField>
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving}>{t('save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
