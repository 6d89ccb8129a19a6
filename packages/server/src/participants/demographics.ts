import type { Resource } from '@medplum/fhirtypes';
import type { Transaction } from 'kysely';
import { ageGroup, codedObservationItem, inactivity, OBSERVATION_CODES, type FhirObservation, type RuleMessage } from '@geria/domain';
import { currentAge, DEMOGRAPHIC_OBSERVATIONS, recordedAge, type Demographics, type DemographicObservation, type demographicsSchema } from '@geria/domain/rules/participants-demographics.ts';
import type { z } from 'zod';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';
import { recordAudit } from '../audit/service.ts';
import { ruleViolation } from '../http/errors.ts';
import type { FhirClient } from '../fhir/service.ts';
import { ownParticipantId, type Caller } from './access.ts';
import { entries, fhirIn, researchSubjectOf, SOURCE_OF_REFERRAL_URL, viaFhir } from './fhir-link.ts';
import { observationsOf, saveObservationItems } from './observations.ts';
import { readRecord } from './record.ts';
import { touchParticipant } from './service.ts';

export const ETHNIC_GROUP_URL = 'https://geria.example.org/fhir/StructureDefinition/ethnic-group';

type DemographicsAnswer = z.infer<typeof demographicsSchema>;
type PatientResource = Resource & { birthDate?: string; gender?: string; extension?: { url: string; valueString?: string }[] };
type SubjectResource = Resource & { extension?: { url: string; valueString?: string }[] };

const extensionValue = (resource: { extension?: { url: string; valueString?: string }[] }, url: string) =>
  resource.extension?.find((e) => e.url === url)?.valueString ?? null;

function withExtension<T extends { extension?: { url: string; valueString?: string }[] }>(resource: T, url: string, value: string | null): T {
  const others = (resource.extension ?? []).filter((e) => e.url !== url);
  const extension = value ? [...others, { url, valueString: value }] : others;
  const { extension: _old, ...rest } = resource;
  return (extension.length ? { ...rest, extension } : rest) as T;
}

/** The form value of a stored demographic Observation: an option key, or a boolean for stairs. */
function observedValue(key: DemographicObservation, observation: FhirObservation | undefined): string | boolean | null {
  if (!observation) return null;
  if (OBSERVATION_CODES[key].kind === 'boolean') return observation.valueBoolean ?? null;
  return observation.valueCodeableConcept?.coding[0]?.code ?? null;
}

async function clinicalParts(fhir: FhirClient, id: string) {
  const patient = (await fhir.read('Patient', id)) as PatientResource;
  const [subject] = entries(await fhir.search('ResearchSubject', { individual: `Patient/${id}`, _count: '1' })) as SubjectResource[];
  const observations = Object.fromEntries(await Promise.all(DEMOGRAPHIC_OBSERVATIONS.map(async (key) =>
    [key, (await observationsOf(fhir, id, OBSERVATION_CODES[key].coding, 1))[0]] as const)));
  return { patient, subject, observations: observations as Record<DemographicObservation, FhirObservation | undefined> };
}

/** The demographics section: editable items and the read-only inactivity, transmission, creator and update. */
export async function readDemographics(db: Db, caller: Caller, id: string, now = new Date()) {
  await ownParticipantId(db.kysely, caller.organisation, id);
  return db.kysely.transaction().execute((tx) => demographicsIn(tx, caller, id, now));
}

function demographicsIn(tx: Transaction<Database>, caller: Caller, id: string, now = new Date()): Promise<DemographicsAnswer> {
  return viaFhir(async () => {
    const record = (await readRecord(tx, id))!;
    const { patient, subject, observations } = await clinicalParts(fhirIn(tx, caller), id);
    const birthDate = patient.birthDate ?? null;
    const age = currentAge({ birthDate, age: record.age }, now);
    return {
      projectIdentifier: record.projectIdentifier,
      birthDate,
      age: record.age?.years ?? null,
      // The stored Observations and Patient hold what the form's options wrote (writeDemographics).
      ...Object.fromEntries(DEMOGRAPHIC_OBSERVATIONS.map((key) => [key, observedValue(key, observations[key])])) as Pick<Demographics, DemographicObservation>,
      biologicalGender: (patient.gender ?? null) as Demographics['biologicalGender'],
      sourceOfReferral: subject ? extensionValue(subject, SOURCE_OF_REFERRAL_URL) : null,
      ethnicity: extensionValue(patient, ETHNIC_GROUP_URL),
      consentDate: record.participantConcentData.consentDate,
      consentWithdrawalDate: record.participantConcentData.withdrawalDate,
      smartphoneImei: record.smartphoneImei,
      currentAge: age,
      ageGroup: ageGroup(age),
      birthdayOrAgePresent: age !== null,
      inactivity: inactivity([record.lastDeviceUse], now),
      lastTransmission: record.lastDeviceUse,
      createdBy: record.creator,
      lastUpdated: record.lastUpdated,
    };
  });
}

/** The editable items of the section, as the form sends them (the audit's before beside its after). */
function editable(shown: Awaited<ReturnType<typeof demographicsIn>>) {
  const { currentAge: _a, ageGroup: _g, birthdayOrAgePresent: _b, inactivity: _i, lastTransmission: _t, createdBy: _c, lastUpdated: _u, ...items } = shown;
  return items;
}

function demographicItems(id: string, input: Demographics, stored: Record<DemographicObservation, FhirObservation | undefined>) {
  const errors: RuleMessage[] = [];
  const items = DEMOGRAPHIC_OBSERVATIONS.flatMap((key) => {
    const previous = stored[key];
    const result = codedObservationItem(key, input[key], { patient: id, alreadyPresent: Boolean(previous), id: previous?.id ?? null });
    if (!result.ok) { errors.push(...result.errors); return []; }
    return [result.item];
  });
  if (errors.length) throw ruleViolation(errors[0]!.code, errors[0]!.params ?? {}, errors);
  return items;
}

async function writeClinical(tx: Transaction<Database>, caller: Caller, id: string, input: Demographics) {
  const fhir = fhirIn(tx, caller);
  const { patient, subject, observations } = await clinicalParts(fhir, id);
  const { birthDate: _b, gender: _g, ...patientRest } = patient;
  const nextPatient = withExtension({
    ...patientRest, ...(input.birthDate && { birthDate: input.birthDate }), ...(input.biologicalGender && { gender: input.biologicalGender }),
  }, ETHNIC_GROUP_URL, input.ethnicity);
  if (JSON.stringify(nextPatient) !== JSON.stringify(patient)) await fhir.update('Patient', id, nextPatient);
  const nextSubject = subject ? withExtension(subject, SOURCE_OF_REFERRAL_URL, input.sourceOfReferral) : researchSubjectOf(id, { sourceOfReferral: input.sourceOfReferral });
  if (!subject) await fhir.create(nextSubject);
  else if (JSON.stringify(nextSubject) !== JSON.stringify(subject)) await fhir.update('ResearchSubject', subject.id!, nextSubject);
  const stored = Object.values(observations).filter((o): o is FhirObservation => Boolean(o));
  await saveObservationItems(fhir, demographicItems(id, input, observations), stored);
}

/**
 * Saves the demographics in one transaction: the study record's items, the Patient (birth date,
 * biological gender, ethnic group), the ResearchSubject (source of referral) and the coded
 * Observations through the write-operation rule.
 */
export async function writeDemographics(db: Db, caller: Caller, id: string, input: Demographics) {
  await db.kysely.transaction().execute(async (tx) => {
    await ownParticipantId(tx, caller.organisation, id, true);
    const before = (await readRecord(tx, id))!;
    const shown = await demographicsIn(tx, caller, id);
    const age = recordedAge(input);
    const ageChanged = age !== (before.age?.years ?? null);
    await tx.updateTable('participant').set({
      project_identifier: input.projectIdentifier || null,
      age_years: age,
      age_recorded_on: age === null ? null : ageChanged ? new Date().toISOString().slice(0, 10) : before.age?.recordedOn ?? null,
      consent_date: input.consentDate,
      consent_withdrawal_date: input.consentWithdrawalDate,
      smartphone_imei: input.smartphoneImei,
    }).where('id', '=', id).execute();
    await viaFhir(() => writeClinical(tx, caller, id, input));
    await touchParticipant(tx, id);
    await recordAudit(tx, {
      actor: caller.user.username, actorOrganisation: caller.organisation.abbr, action: 'participant.demographics',
      entityType: 'participant', entityId: id, before: editable(shown), after: input,
    });
  });
  return readDemographics(db, caller, id);
}
