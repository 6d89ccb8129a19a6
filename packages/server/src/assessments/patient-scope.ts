import type { Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';
import type { Executor } from '../fhir/repository.ts';
import type { FhirClient } from '../fhir/service.ts';
import { notFound } from '../http/errors.ts';
import { ownParticipantId, type Caller } from '../participants/access.ts';
import { fhirIn, viaFhir } from '../participants/fhir-link.ts';
import { readPatientFacts, type PatientFacts } from './patient-facts.ts';

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

/**
 * The facts of one participant of the caller's organisation (404 otherwise), for answers that only
 * read. One pooled connection and no transaction: at READ COMMITTED a transaction gives the reads
 * no common snapshot anyway, and BEGIN/COMMIT plus the separate ownership look-up were three of the
 * request's round trips. The FHIR reads share one statement, hence one snapshot.
 */
export function readPatientScope(db: Db, caller: Caller, id: string, now = new Date()): Promise<PatientFacts> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return Promise.reject(notFound());
  return db.kysely.connection().execute((connection: Executor) =>
    viaFhir(() => readPatientFacts(connection, fhirIn(connection, caller), id, now, caller.organisation.abbr)));
}
