import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import { useFormat } from '../i18n/use-format.ts';

const DatePickerField = lazy(() => import('./DatePickerField.tsx'));

export interface DateFieldProps {
  label: string;
  /** The day as YYYY-MM-DD, or '' for none. */
  value: string;
  /**
   * Called with YYYY-MM-DD, '' when emptied, or INVALID_DAY while the typed date is incomplete,
   * impossible or outside min/max (the field then says so).
   */
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

const NUMERIC_DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

/**
 * What a form hears while the typed date is not a day: no date format accepts it, so the form's
 * validation refuses it instead of saving "no date" over the one the user was correcting.
 */
export const INVALID_DAY = 'invalid-day';
export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * A day typed or picked in the interface language's format (a native date input shows the
 * browser's, whatever language the user chose), exchanged with the form as YYYY-MM-DD. Until the
 * picker has loaded, the same field shows the day read-only, so a screen's first paint does not wait for it.
 */
export function DateField(props: DateFieldProps) {
  const format = useFormat();
  const { label, value, name, required, disabled, error, helperText, size, fullWidth } = props;
  const loading = (
    <TextField label={label} name={name} required={required} disabled={disabled} error={error} helperText={helperText} size={size} fullWidth={fullWidth}
      value={isDay(value) ? format.date(`${value}T00:00`, NUMERIC_DAY) : ''} slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }} />
  );
  return <Suspense fallback={loading}><DatePickerField {...props} /></Suspense>;
}
