import { OBSERVATION_CODES, VALUE_SETS, type ObservationCodeDef, type ObservationKey, type ObservationValue } from '@geria/domain';
import type { TFunction } from 'i18next';

/**
 * A recorded clinical value as the summary prints it: a number with its unit, an option's label,
 * yes/no, or a blood pressure as systolic/diastolic mmHg with the arm.
 */
export function clinicalValueText(key: string, value: ObservationValue, t: TFunction, number: (n: number) => string): string {
  const def = OBSERVATION_CODES[key as ObservationKey] as ObservationCodeDef | undefined;
  if (value === null || !def) return '—';
  if (typeof value === 'object') {
    const arm = value.arm ? ` (${t(`messages:${VALUE_SETS.armUsed.find((o) => o.key === value.arm)?.labelKey}`)})` : '';
    return `${value.systolic ?? '—'}/${value.diastolic ?? '—'} mmHg${arm}`;
  }
  if (typeof value === 'boolean') return t(value ? 'assessments:clinical.yes' : 'assessments:clinical.no');
  if (typeof value === 'number') return def.kind === 'quantity' && def.unit.display ? `${number(value)} ${def.unit.display}` : number(value);
  if (def.kind === 'codeableConcept') {
    const option = VALUE_SETS[def.valueSet].find((o) => o.key === value);
    return option ? t(`messages:${option.labelKey}`) : value;
  }
  return value;
}
