import { OBSERVATION_CODES, type ObservationCodeDef, type ObservationValue } from '@geria/domain';
import type { ClinicalInputKey } from '@geria/domain/rules/assessment-clinical-fields.ts';

/** What a field's inputs hold: text as typed; a blood pressure has three inputs. */
export type FieldText = string | { systolic: string; diastolic: string; arm: string };

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export const defOf = (key: ClinicalInputKey) => OBSERVATION_CODES[key] as ObservationCodeDef;

export function toText(key: ClinicalInputKey, value: ObservationValue): FieldText {
  const def = defOf(key);
  if (def.kind === 'bloodPressure') {
    const bp = value && typeof value === 'object' ? value : { systolic: null, diastolic: null, arm: null };
    return { systolic: numberText(bp.systolic), diastolic: numberText(bp.diastolic), arm: bp.arm ?? '' };
  }
  if (def.kind === 'boolean') return value === true ? 'yes' : value === false ? 'no' : '';
  if (value === null || typeof value === 'object') return '';
  return String(value);
}

const parseNumber = (text: string) => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
};

/** The form value the API takes; an emptied field is null. A number that is not one stays NaN for the rules to refuse. */
export function fromText(key: ClinicalInputKey, text: FieldText): ObservationValue {
  const def = defOf(key);
  if (typeof text === 'object') {
    return { systolic: parseNumber(text.systolic), diastolic: parseNumber(text.diastolic), arm: text.arm === 'left' || text.arm === 'right' ? text.arm : null };
  }
  if (def.kind === 'quantity' || def.kind === 'integer') return parseNumber(text);
  if (def.kind === 'boolean') return text === 'yes' ? true : text === 'no' ? false : null;
  return text === '' ? null : text;
}
