import Box from '@mui/material/Box';
import { useEffect, useReducer, useRef, useState } from 'react';
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
import type { DateValidationError, FieldRef } from '@mui/x-date-pickers/models';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { elGR, enUS, esES, frFR, itIT, ptPT, roRO } from '@mui/x-date-pickers/locales';
import { currentLanguage } from '../i18n/create-i18n.ts';
import { useFormat } from '../i18n/use-format.ts';
import { INVALID_DAY, type DateFieldProps } from './DateField.tsx';

/** dayjs locale per interface language: British English, as `localeOf` in lib/format. */
const DAYJS_LOCALES: Record<Language, string> = { en: 'en-gb', it: 'it', pt: 'pt', fr: 'fr', es: 'es', el: 'el', ro: 'ro' };
const PICKER_TEXTS = { en: enUS, it: itIT, pt: ptPT, fr: frFR, es: esES, el: elGR, ro: roRO } as const;
/**
 * Where MUI's Greek falls short: its empty field reads DD/MM/YYYY in Latin letters, an empty part is
 * read out as "Empty", and the year part is named "Χρόνος" (time) rather than "Έτος".
 */
const GREEK_FIXES: Partial<PickersLocaleText> = {
  fieldDayPlaceholder: () => 'ΗΗ',
  fieldMonthPlaceholder: (params) => (params.contentType === 'letter' ? 'ΜΜΜΜ' : 'ΜΜ'),
  fieldYearPlaceholder: (params) => 'Ε'.repeat(params.digitAmount),
  year: 'Έτος',
  empty: 'Κενό',
};
const localeTextOf = (language: Language): Partial<PickersLocaleText> => ({
  ...PICKER_TEXTS[language].components.MuiLocalizationProvider.defaultProps.localeText,
  ...(language === 'el' && GREEK_FIXES),
});

const ISO_DAY = 'YYYY-MM-DD';
// dayjs reads YYYY-MM-DD as a local day (Date would read it as UTC midnight).
const parse = (value: string): Dayjs | null => (value ? dayjs(value) : null);

/** DateField's picker: MUI's, with dayjs and its locales (50 KB compressed, hence loaded apart). */
export default function DatePickerField({ label, value, onChange, min, max, name, required, disabled, error, helperText, size, fullWidth }: DateFieldProps) {
  const { t, i18n } = useTranslation('shell');
  const language = currentLanguage(i18n);
  const format = useFormat();
  // The picker keeps a half-typed date as its own value; the form hears INVALID_DAY for it. So the
  // shown value follows the form's only when the form's changes for another reason (a reset, a load).
  const [shown, setShown] = useState(() => parse(value));
  const [heard, setHeard] = useState(value);
  const [problem, setProblem] = useState<DateValidationError>(null);
  // A new picker for a form emptying a half-typed date: MUI keeps the typed parts while its value stays empty.
  const [resets, setResets] = useState(0);
  if (value !== heard) {
    if (value === '' && heard === INVALID_DAY) setResets(resets + 1);
    setHeard(value);
    setShown(parse(value));
  }
  // Clearing one part of a full date, MUI publishes no date and keeps the other parts on screen; the
  // form must not take that for an emptied field (saving would erase the date being corrected). The
  // parts are read after each key and input in the field, once MUI has rendered them.
  const field = useRef<FieldRef<Dayjs | null>>(null);
  const [partial, setPartial] = useState(false);
  const [, recheck] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const typed = shown === null && !!field.current?.getSections().some((section) => section.value !== '');
    setPartial(typed);
    const day = typed ? INVALID_DAY : '';
    if (shown === null && heard !== day && (heard === '' || heard === INVALID_DAY)) {
      setHeard(day);
      onChange(day);
    }
  });
  const change = (next: Dayjs | null, invalid: boolean) => {
    const day = next === null ? '' : invalid ? INVALID_DAY : next.format(ISO_DAY);
    setShown(next);
    setHeard(day);
    onChange(day);
  };
  const bound = (day: string) => format.date(`${day}T00:00`);
  const shownProblem: DateValidationError = problem ?? (partial ? 'invalidDate' : null);
  const problemText = shownProblem === null ? undefined
    : shownProblem === 'minDate' && min ? t('date.notBefore', { date: bound(min) })
    : shownProblem === 'maxDate' && max ? t('date.notAfter', { date: bound(max) })
    : t('date.invalid');

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={DAYJS_LOCALES[language]}
      localeText={localeTextOf(language)}>
      <Box sx={{ display: 'contents' }} onKeyUp={recheck} onInput={recheck} onBlur={recheck}>
        <DatePicker
          key={resets} label={label} value={shown} disabled={disabled} name={name}
          minDate={min ? dayjs(min) : undefined} maxDate={max ? dayjs(max) : undefined}
          onChange={(next, context) => change(next, context.validationError !== null)}
          onError={setProblem}
          // The label stays above, so the empty field shows the day's format (DD/MM/YYYY).
          slotProps={{ field: { fieldRef: field }, textField: {
            required, size, fullWidth, helperText: problemText ?? helperText, ...((error || shownProblem !== null) && { error: true }),
            slotProps: { inputLabel: { shrink: true } },
          } }}
        />
      </Box>
    </LocalizationProvider>
  );
}
