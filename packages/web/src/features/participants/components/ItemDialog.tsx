import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export type FieldValue = string | number | boolean | string[] | null;
export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'number' | 'select' | 'multiselect' | 'date' | 'datetime' | 'checkbox';
  options?: { value: string | number; label: string }[];
  required?: boolean;
  width?: 4 | 6 | 12;
}
export type Values = Record<string, FieldValue>;

const emptyOf = (field: FieldSpec): FieldValue => (field.kind === 'checkbox' ? false : field.kind === 'multiselect' ? [] : null);

/** The form of one item of a record section (a device, an external id, a medication), built from its fields. */
export function ItemDialog({ title, fields, initial, errors, saving, onSubmit, onClose }: {
  title: string; fields: FieldSpec[]; initial?: Values; errors: Record<string, string>; saving: boolean;
  onSubmit: (values: Values) => void; onClose: () => void;
}) {
  const { t } = useTranslation('participants');
  const titleId = useId();
  const [values, setValues] = useState<Values>(() => Object.fromEntries(fields.map((f) => [f.name, initial?.[f.name] ?? emptyOf(f)])));
  const set = (name: string, value: FieldValue) => setValues((v) => ({ ...v, [name]: value }));
  const submit = (event: FormEvent) => { event.preventDefault(); onSubmit(values); };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true, 'aria-labelledby': titleId } as object }}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          {fields.map((field) => {
            const value = values[field.name];
            const error = errors[field.name];
            const common = {
              fullWidth: true, label: field.label, required: field.required, error: !!error,
              helperText: error ? t(`messages:${error}`, { defaultValue: t('messages:validation.invalid') }) : undefined,
            };
            let input;
            if (field.kind === 'checkbox') {
              input = <FormControlLabel control={<Checkbox checked={value === true} onChange={(e) => set(field.name, e.target.checked)} />} label={field.label} />;
            } else if (field.kind === 'select' || field.kind === 'multiselect') {
              const multiple = field.kind === 'multiselect';
              input = (
                <TextField select {...common} value={value ?? (multiple ? [] : '')} slotProps={{ select: { multiple } }}
                  onChange={(e) => {
                    const raw = e.target.value as unknown;
                    const option = field.options?.find((o) => String(o.value) === String(raw));
                    set(field.name, multiple ? (raw as string[]) : raw === '' ? null : option?.value ?? null);
                  }}>
                  {!field.required && !multiple && <MenuItem value="">—</MenuItem>}
                  {field.options?.map((o) => <MenuItem key={o.value} value={o.value}>{o.label}</MenuItem>)}
                </TextField>
              );
            } else {
              const type = field.kind === 'datetime' ? 'datetime-local' : field.kind;
              input = (
                <TextField {...common} type={type} value={value ?? ''}
                  slotProps={{ inputLabel: field.kind === 'date' || field.kind === 'datetime' ? { shrink: true } : undefined, htmlInput: field.kind === 'number' ? { step: 'any' } : undefined }}
                  onChange={(e) => set(field.name, e.target.value === '' ? null : field.kind === 'number' ? Number(e.target.value) : e.target.value)} />
              );
            }
            return <Grid key={field.name} size={{ xs: 12, sm: field.width ?? 6 }}>{input}</Grid>;
          })}
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving}>{t('actions.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
