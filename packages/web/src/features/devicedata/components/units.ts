import { useTranslation } from 'react-i18next';

/** International unit symbols, the same in every language. */
const SYMBOLS: Record<string, string> = { kg: 'kg', '%': '%', 'kg/m2': 'kg/m²', 'mm[Hg]': 'mmHg', Cel: '°C', km: 'km', m: 'm', 'm/s': 'm/s', lx: 'lx' };
/** Units whose wording is the language's (units.<key> in the devicedata namespace). */
const WORDED: Record<string, string> = { h: 'hours', '/d': 'perDay', '/min': 'perMinute', 'g/kg/d': 'gPerKgPerDay', 1: 'count' };

/** The label of a UCUM unit of the measurement table, in the current language. */
export function useUnitLabel(): (ucum: string) => string {
  const { t } = useTranslation('devicedata');
  return (ucum) => SYMBOLS[ucum] ?? t(`units.${WORDED[ucum] ?? 'count'}`);
}
