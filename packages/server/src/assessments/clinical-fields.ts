import {
  buildObservationBundle, codedObservationItem, renderRuleMessage, type FhirObservation, type Language, type ObservationValue, type RuleMessage,
} from '@geria/domain';
import {
  africanAmericanApplied, africanAmericanComponent, CLINICAL_INPUT_KEYS, CLINICAL_KEYS, clinicalKeyOf, DERIVED_KEYS, derivedClinicalValues,
  formValueOf, smokingDetailErrors, type ClinicalFieldsInput, type ClinicalInputKey, type ClinicalKey,
} from '@geria/domain/rules/assessment-clinical-fields.ts';
import type { Db } from '../db/connection.ts';
import type { FhirClient } from '../fhir/service.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Caller } from '../participants/access.ts';
import { entries } from '../participants/fhir-link.ts';
import { touchParticipant } from '../participants/service.ts';
import { inPatientScope } from './patient-scope.ts';
import { readPatientFacts, type PatientFacts } from './patient-facts.ts';

type Stored = Map<ClinicalKey, FhirObservation>;

async function storedFields(fhir: FhirClient, id: string, encounterId: string): Promise<Stored> {
  const found = entries(await fhir.search('Observation', {
    subject: `Patient/${id}`, encounter: `Encounter/${encounterId}`, _count: '500',
  })) as unknown as FhirObservation[];
  const stored: Stored = new Map();
  for (const observation of found) {
    const key = clinicalKeyOf(observation);
    if (key && !stored.has(key)) stored.set(key, observation);
  }
  return stored;
}

function fieldsView(stored: Stored) {
  return {
    values: Object.fromEntries(CLINICAL_KEYS.map((key) => {
      const observation = stored.get(key);
      return [key, observation ? formValueOf(key, observation) : null];
    })) as Record<ClinicalKey, ObservationValue>,
    africanAmerican: africanAmericanApplied(stored.get('egfrCkdEpi2009')),
  };
}

function assessmentOf(facts: PatientFacts, encounterId: string) {
  const assessment = facts.assessments.find((a) => a.id === encounterId);
  if (!assessment) throw notFound();
  return assessment;
}

/** The clinical fields recorded in one assessment, as form values. */
export const readClinicalFields = (db: Db, caller: Caller, id: string, encounterId: string) =>
  inPatientScope(db, caller, id, async ({ tx, fhir }) => {
    assessmentOf(await readPatientFacts(tx, fhir, id), encounterId);
    return fieldsView(await storedFields(fhir, id, encounterId));
  });

/** Every broken field rule, in the request's language; the first one names the error. */
function fieldError(status: 400 | 422, errors: RuleMessage[], lang: Language): AppError {
  const [first] = errors;
  const refs = Object.fromEntries(Object.entries(first!.refs ?? {}).map(([name]) => [name, renderRuleMessage(lang, { code: first!.refs![name]! })]));
  return new AppError(status, first!.code, { ...first!.params, ...refs }, errors.map((error) => ({ ...error, message: renderRuleMessage(lang, error) })));
}

/**
 * Saves the fields a form changed as FHIR Observations of the assessment, with the derived BMI,
 * waist-hip ratio and CKD-EPI values recomputed from the merged record: one transaction Bundle
 * through the write-operation rule. Implausible values and a blood pressure without its arm are
 * 400s; a creatinine that gives no eGFR (no age, no female/male sex) is the CKD-EPI error (422), and
 * so are cigarettes a day or years smoked without the current-smoker status (422).
 */
export const saveClinicalFields = (db: Db, caller: Caller, id: string, encounterId: string, input: ClinicalFieldsInput, lang: Language, now = new Date()) =>
  inPatientScope(db, caller, id, async ({ tx, fhir }) => {
    const facts = await readPatientFacts(tx, fhir, id, now);
    assessmentOf(facts, encounterId);
    const stored = await storedFields(fhir, id, encounterId);
    const current = fieldsView(stored);
    const merged = { ...current.values, ...input.values } as Record<ClinicalInputKey, ObservationValue>;
    const africanAmerican = input.africanAmerican ?? current.africanAmerican;
    const context = (key: ClinicalKey) => ({
      patient: id, encounter: encounterId, alreadyPresent: stored.has(key), id: stored.get(key)?.id ?? null, effectiveDateTime: now.toISOString(),
    });
    const errors: RuleMessage[] = [];
    const items = CLINICAL_INPUT_KEYS.filter((key) => key in input.values).flatMap((key) => {
      const result = codedObservationItem(key, merged[key], context(key));
      if (!result.ok) { errors.push(...result.errors); return []; }
      return [result.item];
    });
    if (errors.length) throw fieldError(400, errors, lang);
    const smoking = smokingDetailErrors(merged);
    if (smoking.length) throw fieldError(422, smoking, lang);
    const derived = derivedClinicalValues(merged, { age: facts.age, sex: facts.sex, africanAmerican });
    if (derived.errors.length) throw fieldError(422, derived.errors, lang);
    for (const key of DERIVED_KEYS) {
      const result = codedObservationItem(key, derived.values[key], context(key));
      if (!result.ok) throw fieldError(400, result.errors, lang);
      const withFlag = key === 'egfrCkdEpi2009' && derived.values[key] !== null ? { components: [africanAmericanComponent(africanAmerican)] } : {};
      items.push({ ...result.item, ...withFlag });
    }
    const built = buildObservationBundle(items, { previous: [...stored.values()] });
    if (!built.ok) throw fieldError(400, built.errors.flatMap((e) => e.errors), lang);
    if (built.bundle.entry.length) {
      await fhir.bundle(built.bundle);
      await touchParticipant(tx, id);
    }
    return fieldsView(await storedFields(fhir, id, encounterId));
  }, true);
