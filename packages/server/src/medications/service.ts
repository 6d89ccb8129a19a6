import type { Resource } from '@medplum/fhirtypes';
import {
  fromMedicationStatement, medicationFlags, toMedicationStatement, type FhirMedicationStatement, type Medication,
} from '@geria/domain/rules/participants-medication.ts';
import type { Db } from '../db/connection.ts';
import { notFound } from '../http/errors.ts';
import { ownParticipantId, type Caller } from '../participants/access.ts';
import { entries, fhirIn, viaFhir } from '../participants/fhir-link.ts';
import { touchParticipant } from '../participants/service.ts';

const today = () => new Date().toISOString().slice(0, 10);
const toApi = (statement: Resource) => ({
  id: statement.id!, status: (statement as FhirMedicationStatement).status, ...fromMedicationStatement(statement as FhirMedicationStatement),
});
export type MedicationView = ReturnType<typeof toApi>;

/** The participant's medications, and the polypharmacy and psychoactive flags of those still taken. */
export async function listMedications(db: Db, caller: Caller, participantId: string) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  return db.kysely.transaction().execute((tx) => viaFhir(async () => {
    const page = await fhirIn(tx, caller).search('MedicationStatement', { subject: `Patient/${participantId}`, _count: '500', _sort: '-effective' });
    const items = entries(page).map(toApi);
    return { items, ...medicationFlags(items.filter((m) => m.status === 'active')) };
  }));
}

/** One write of a MedicationStatement in the participant's transaction (FHIR versioning and audit included). */
async function writing<T>(db: Db, caller: Caller, participantId: string, work: (fhir: ReturnType<typeof fhirIn>) => Promise<T>) {
  return db.kysely.transaction().execute(async (tx) => {
    await ownParticipantId(tx, caller.organisation, participantId, true);
    const result = await viaFhir(() => work(fhirIn(tx, caller)));
    await touchParticipant(tx, participantId);
    return result;
  });
}

async function ownStatement(fhir: ReturnType<typeof fhirIn>, participantId: string, medicationId: string) {
  const statement = await fhir.read('MedicationStatement', medicationId) as FhirMedicationStatement;
  if (statement.subject?.reference !== `Patient/${participantId}`) throw notFound();
  return statement;
}

export const createMedication = (db: Db, caller: Caller, participantId: string, medication: Medication) =>
  writing(db, caller, participantId, async (fhir) => toApi((await fhir.create(toMedicationStatement(participantId, medication, today()))).resource!));

export const updateMedication = (db: Db, caller: Caller, participantId: string, medicationId: string, medication: Medication) =>
  writing(db, caller, participantId, async (fhir) => {
    await ownStatement(fhir, participantId, medicationId);
    const statement = { ...toMedicationStatement(participantId, medication, today()), id: medicationId };
    return toApi((await fhir.update('MedicationStatement', medicationId, statement)).resource!);
  });

export const deleteMedication = (db: Db, caller: Caller, participantId: string, medicationId: string) =>
  writing(db, caller, participantId, async (fhir) => {
    await ownStatement(fhir, participantId, medicationId);
    await fhir.delete('MedicationStatement', medicationId);
  });
