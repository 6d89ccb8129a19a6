import type { Observation } from '@medplum/fhirtypes';
import { DIASTOLIC_CODES, INTERVENTION_LOINC, postureDayOf, postureHours, postureKindOf, SYSTOLIC_CODES } from '@geria/domain';

/** One Observation as the rules read it: what was measured, about whom, when. */
export interface Reading {
  participantId: string;
  observationId: string;
  kind: 'weight' | 'bmi' | 'heartRate' | 'bloodPressure' | 'steps' | 'poorPosture';
  value?: number;
  diastolic?: number;
  /** The UCUM code when the Observation gives one, else its unit label. */
  unit: string;
  at: Date;
}

const LOINC = 'http://loinc.org';
const KIND: Record<string, Reading['kind']> = {
  [INTERVENTION_LOINC.weight]: 'weight', [INTERVENTION_LOINC.bmi]: 'bmi', [INTERVENTION_LOINC.heartRate]: 'heartRate',
  [INTERVENTION_LOINC.systolic]: 'bloodPressure', [INTERVENTION_LOINC.diastolic]: 'bloodPressure',
  [INTERVENTION_LOINC.bpPanel]: 'bloodPressure', [INTERVENTION_LOINC.steps]: 'steps',
};

const loincCodes = (concept: Observation['code'] | undefined) =>
  (concept?.coding ?? []).filter((c) => c.system === LOINC && c.code).map((c) => c.code!);

const componentValue = (o: Observation, codes: readonly string[]) =>
  o.component?.find((c) => loincCodes(c.code).some((code) => codes.includes(code)))?.valueQuantity?.value;

/**
 * The reading of a final/amended/corrected Observation of a Patient with a LOINC code the rules
 * watch (a blood-pressure panel reads its systolic and diastolic components, under their umbrella
 * or positional codes); null for the rest.
 */
export function readingOf(o: Observation): Reading | null {
  if (!['final', 'amended', 'corrected'].includes(o.status)) return null;
  const participantId = /^Patient\/([0-9a-f-]{36})$/i.exec(o.subject?.reference ?? '')?.[1];
  if (participantId && o.id && postureKindOf(o.code?.coding) === 'poor') return poorPostureReading(o, participantId, o.id);
  const at = o.effectiveDateTime ?? o.effectivePeriod?.end ?? o.effectivePeriod?.start ?? o.issued;
  if (!participantId || !o.id || !at) return null;
  const code = loincCodes(o.code).find((c) => KIND[c]);
  if (!code) return null;
  const base = { participantId, observationId: o.id, kind: KIND[code]!, at: new Date(at), unit: o.valueQuantity?.code ?? o.valueQuantity?.unit ?? '' };
  if (code === INTERVENTION_LOINC.bpPanel) {
    // Device panels code components 8480-6/8462-4; the clinical fields' standing and supine panels the positional codes.
    const value = componentValue(o, SYSTOLIC_CODES);
    const diastolic = componentValue(o, DIASTOLIC_CODES);
    if (value === undefined && diastolic === undefined) return null;
    return { ...base, unit: 'mm[Hg]', ...(value !== undefined ? { value } : {}), ...(diastolic !== undefined ? { diastolic } : {}) };
  }
  const value = o.valueQuantity?.value;
  if (typeof value !== 'number') return null;
  return code === INTERVENTION_LOINC.diastolic ? { ...base, diastolic: value } : { ...base, value };
}

/**
 * A day's poor posture (the Citizen Hub's, SNOMED CT 249858009): its hours, dated at noon UTC of
 * the app's day (the date its period starts on, as written), so that the firing's day and the
 * message's date are that day whatever the app's time zone.
 */
function poorPostureReading(o: Observation, participantId: string, observationId: string): Reading | null {
  const start = o.effectivePeriod?.start;
  if (!start || !/^\d{4}-\d{2}-\d{2}/.test(start)) return null;
  return { participantId, observationId, kind: 'poorPosture', value: postureHours(o.valueSampledData?.data), unit: 'h', at: new Date(`${postureDayOf(start)}T12:00:00Z`) };
}
