import { z } from 'zod';
import { SNOMED } from './observation-codes.ts';
import type { Coding } from './observation-builder.ts';

/**
 * The conditions of the patient (SPEC §3 "Histories", "Other health-data resources"): each one a
 * FHIR R4 Condition, clinically active or inactive and verified as confirmed, coded in SNOMED CT;
 * the family history a FamilyMemberHistory per condition seen in a family member. The list covers
 * the cardiovascular history and the comorbidities the study's analyses group by.
 */
const snomed = (code: string, display: string): Coding => ({ system: SNOMED, code, display });

export const CONDITIONS = {
  hypertension: snomed('38341003', 'Hypertensive disorder'),
  coronaryArteryDisease: snomed('53741008', 'Coronary arteriosclerosis'),
  myocardialInfarction: snomed('22298006', 'Myocardial infarction'),
  heartFailureReduced: snomed('703272007', 'Heart failure with reduced ejection fraction'),
  heartFailurePreserved: snomed('446221000', 'Heart failure with normal ejection fraction'),
  atrialFibrillation: snomed('49436004', 'Atrial fibrillation'),
  stroke: snomed('230690007', 'Cerebrovascular accident'),
  peripheralArteryDisease: snomed('399957001', 'Peripheral arterial occlusive disease'),
  dyslipidaemia: snomed('370992007', 'Dyslipidemia'),
  diabetesType2: snomed('44054006', 'Diabetes mellitus type 2'),
  chronicKidneyDisease: snomed('709044004', 'Chronic kidney disease'),
  copd: snomed('13645005', 'Chronic obstructive lung disease'),
  osteoarthritis: snomed('396275006', 'Osteoarthritis'),
  depression: snomed('35489007', 'Depressive disorder'),
  hearingLoss: snomed('15188001', 'Hearing loss'),
} as const satisfies Record<string, Coding>;
export type ConditionKey = keyof typeof CONDITIONS;
export const CONDITION_KEYS = Object.keys(CONDITIONS) as ConditionKey[];
const conditionKeySchema = z.enum(CONDITION_KEYS as [ConditionKey, ...ConditionKey[]]);

export const CONDITION_STATES = ['active', 'inactive'] as const;
export type ConditionState = (typeof CONDITION_STATES)[number];

/** A save: the conditions it changes (null removes one recorded by mistake) and the whole family history. */
export const conditionsInputSchema = z.object({
  conditions: z.partialRecord(conditionKeySchema, z.enum(CONDITION_STATES).nullable()),
  familyHistory: z.array(conditionKeySchema).optional(),
}).strict();
export type ConditionsInput = z.infer<typeof conditionsInputSchema>;

/** The participant's conditions as the API answers them: every key, null where none is recorded. */
export const conditionsViewSchema = z.object({
  conditions: z.object(Object.fromEntries(CONDITION_KEYS.map((key) => [key, z.enum(CONDITION_STATES).nullable()])) as Record<ConditionKey, z.ZodNullable<z.ZodEnum<{ [S in ConditionState]: S }>>>),
  familyHistory: z.array(conditionKeySchema),
});

const CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const VERIFICATION = 'http://terminology.hl7.org/CodeSystem/condition-ver-status';
const FAMILY_MEMBER = { system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode', code: 'FAMMEMB', display: 'family member' };

export function toFhirCondition(patient: string, key: ConditionKey, state: ConditionState, id?: string) {
  const coding = CONDITIONS[key];
  return {
    resourceType: 'Condition' as const,
    ...(id && { id }),
    clinicalStatus: { coding: [{ system: CLINICAL, code: state }] },
    verificationStatus: { coding: [{ system: VERIFICATION, code: 'confirmed' }] },
    code: { coding: [coding], text: coding.display },
    subject: { reference: `Patient/${patient}` },
  };
}

export function toFamilyMemberHistory(patient: string, key: ConditionKey) {
  const coding = CONDITIONS[key];
  return {
    resourceType: 'FamilyMemberHistory' as const,
    status: 'completed' as const,
    patient: { reference: `Patient/${patient}` },
    relationship: { coding: [FAMILY_MEMBER] },
    condition: [{ code: { coding: [coding], text: coding.display } }],
  };
}

type CodedResource = { code?: { coding?: { system?: string; code?: string }[] }; condition?: { code?: { coding?: { system?: string; code?: string }[] } }[] };

/** The condition key of a Condition or of a FamilyMemberHistory's condition; null when not one of the list. */
export function conditionKeyOf(resource: CodedResource): ConditionKey | null {
  const codings = [...(resource.code?.coding ?? []), ...(resource.condition ?? []).flatMap((c) => c.code?.coding ?? [])];
  return CONDITION_KEYS.find((key) => codings.some((c) => c.system === SNOMED && c.code === CONDITIONS[key].code)) ?? null;
}

export const conditionStateOf = (resource: { clinicalStatus?: { coding?: { code?: string }[] } }): ConditionState | null => {
  const code = resource.clinicalStatus?.coding?.[0]?.code;
  return code === 'active' || code === 'inactive' ? code : null;
};

/** The write operation of one condition, by the rule of SPEC §4: a new state POST, a changed one PUT, an emptied one DELETE. */
export function conditionOperation(requested: ConditionState | null, stored: ConditionState | null): 'POST' | 'PUT' | 'DELETE' | null {
  if (requested === stored) return null;
  if (requested === null) return 'DELETE';
  return stored === null ? 'POST' : 'PUT';
}
