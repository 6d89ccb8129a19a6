import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatNumber, formatPercent } from '../lib/format.ts';
import { currentLanguage } from './create-i18n.ts';

/** Date and number formatters bound to the current interface language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return {
    language,
    date: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => formatDate(value, language, options),
    dateTime: (value: Date | string | number) => formatDateTime(value, language),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    percent: (ratio: number, fractionDigits?: number) => formatPercent(ratio, language, fractionDigits),
  };
}
