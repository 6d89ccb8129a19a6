import { useTranslation } from 'react-i18next';

/** International unit symbols, the same in every language. */
const SYMBOLS: Record<string, string> = { kg: 'kg', '%': '%', 'kg/m2': 'kg/m²', 'mm[Hg]': 'mmHg', Cel: '°C', km: 'km', m: 'm', 'm/s': 'm/s', lx: 'lx' };
/** Units whose wording is the language's (units.<key> in the devicedata namespace). */
const WORDED: Record<string, string> = { h: 'hours', '/d': 'perDay', '/min': 'perMinute', 'g/kg/d': 'gPerKgPerDay' };
/** A dimensionless measurement (UCUM 1) says what its number is: a rating level, a count of events. */
const DIMENSIONLESS: Record<string, string> = { visceralFat: 'level', motionEvents: 'count' };

/** The label of a measurement's UCUM unit in the current language; an unknown unit shows as its UCUM code. */
export function useUnitLabel(): (measurement: { key: string; unit: string }) => string {
  const { t } = useTranslation('devicedata');
  return ({ key, unit }) => {
    const worded = unit === '1' ? DIMENSIONLESS[key] : WORDED[unit];
    return SYMBOLS[unit] ?? (worded ? t(`units.${worded}`) : unit === '1' ? '' : unit);
  };
}
