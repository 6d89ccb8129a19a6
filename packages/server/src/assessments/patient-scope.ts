import type { Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';
import type { FhirClient } from '../fhir/service.ts';
import { ownParticipantId, type Caller } from '../participants/access.ts';
import { fhirIn, viaFhir } from '../participants/fhir-link.ts';

export interface PatientScope { tx: Transaction<Database>; fhir: FhirClient; id: string }

/**
 * Runs assessment work on one participant of the caller's organisation (404 otherwise) in one
 * transaction: relational rows and FHIR writes commit together. Writers lock the participant row,
 * so two assessments cannot take the same number and two decisions cannot cross.
 */
export function inPatientScope<T>(db: Db, caller: Caller, id: string, work: (scope: PatientScope) => Promise<T>, lock = false): Promise<T> {
  return db.kysely.transaction().execute(async (tx) => {
    await ownParticipantId(tx, caller.organisation, id, lock);
    return viaFhir(() => work({ tx, fhir: fhirIn(tx, caller), id }));
  });
}
