import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@geria/domain';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/el';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import 'dayjs/locale/pt';
import 'dayjs/locale/ro';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { elGR, enUS, esES, frFR, itIT, ptPT, roRO } from '@mui/x-date-pickers/locales';
import { currentLanguage } from '../i18n/create-i18n.ts';
import type { DateFieldProps } from './DateField.tsx';

/** dayjs locale per interface language: British English, as `localeOf` in lib/format. */
const DAYJS_LOCALES: Record<Language, string> = { en: 'en-gb', it: 'it', pt: 'pt', fr: 'fr', es: 'es', el: 'el', ro: 'ro' };
const PICKER_TEXTS = { en: enUS, it: itIT, pt: ptPT, fr: frFR, es: esES, el: elGR, ro: roRO } as const;

const ISO_DAY = 'YYYY-MM-DD';
// dayjs reads YYYY-MM-DD as a local day (Date would read it as UTC midnight).
const parse = (value: string): Dayjs | null => (value ? dayjs(value) : null);

/** DateField's picker: MUI's, with dayjs and its locales (50 KB compressed, hence loaded apart). */
export default function DatePickerField({ label, value, onChange, min, max, name, required, disabled, error, helperText, size, fullWidth }: DateFieldProps) {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  // The picker keeps a half-typed date as its own value; the form only hears '' for it. So the
  // shown value follows the form's only when the form's changes for another reason (a reset, a load).
  const [shown, setShown] = useState(() => parse(value));
  const [heard, setHeard] = useState(value);
  if (value !== heard) {
    setHeard(value);
    setShown(parse(value));
  }
  const change = (next: Dayjs | null, invalid: boolean) => {
    const day = next && !invalid ? next.format(ISO_DAY) : '';
    setShown(next);
    setHeard(day);
    onChange(day);
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={DAYJS_LOCALES[language]}
      localeText={PICKER_TEXTS[language].components.MuiLocalizationProvider.defaultProps.localeText}>
      <DatePicker
        label={label} value={shown} disabled={disabled} name={name}
        minDate={min ? dayjs(min) : undefined} maxDate={max ? dayjs(max) : undefined}
        onChange={(next, context) => change(next, context.validationError !== null)}
        // The label stays above, so the empty field shows the day's format (DD/MM/YYYY in the language's letters).
        slotProps={{ textField: { required, size, fullWidth, helperText, ...(error && { error: true }), slotProps: { inputLabel: { shrink: true } } } }}
      />
    </LocalizationProvider>
  );
}
