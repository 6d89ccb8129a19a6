import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { scopeName, type identityInputSchema } from '@geria/domain/rules/participants-record.ts';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';
import type { Executor } from '../fhir/repository.ts';
import { notFound } from '../http/errors.ts';
import { ownParticipantId, type Caller } from '../participants/access.ts';
import { writeChild } from '../participants/child-records.ts';
import { withUniqueConflicts } from '../participants/unique-violations.ts';
import type { IdentityRow } from '../participants/tables.ts';

type IdentityInput = z.output<typeof identityInputSchema>;

/** SPEC §3 "Identity" field names; `project` is the scope's project. */
const toApi = (i: IdentityRow) => ({ id: i.id, Scope: i.scope, Status: i.status, IdentityID: i.identity_id, project: scopeName(i.scope) ?? null });
export type Identity = ReturnType<typeof toApi>;

/** The participant's external ids by scope (the record's `identities`). */
export async function identitiesOf(db: Executor, participantId: string) {
  const rows = await db.selectFrom('identity').selectAll().where('participant_id', '=', participantId).orderBy('scope').orderBy('created_at').orderBy('identity_id').execute();
  return rows.map(toApi);
}

export async function listIdentities(db: Db, caller: Caller, participantId: string) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  return identitiesOf(db.kysely, participantId);
}

/**
 * A second active id on a scope is refused by the partial unique index identity_active_scope_key,
 * an id value already recorded by identity_value_key: both 409, so concurrent requests cannot both win.
 */
export function createIdentity(db: Db, caller: Caller, participantId: string, input: IdentityInput) {
  return withUniqueConflicts('create', () => writeChild(db, caller, participantId, { type: 'identity', action: 'create' }, async (tx) => {
    const identity = await insertIdentity(tx, participantId, input);
    return { id: identity.id, before: null, after: identity };
  }));
}

/** Adds an external id in the caller's transaction; the unique indexes refuse a clash (run inside withUniqueConflicts). */
export async function insertIdentity(tx: Transaction<Database>, participantId: string, input: IdentityInput) {
  const row = await tx.insertInto('identity').values({
    participant_id: participantId, scope: input.Scope, status: input.Status, identity_id: input.IdentityID,
  }).returningAll().executeTakeFirstOrThrow();
  return toApi(row);
}

export function updateIdentity(db: Db, caller: Caller, participantId: string, identityId: string, input: IdentityInput) {
  return withUniqueConflicts('modify', () => writeChild(db, caller, participantId, { type: 'identity', action: 'update' }, async (tx) => {
    const before = await ownIdentity(tx, participantId, identityId);
    const row = await tx.updateTable('identity').set({
      scope: input.Scope, status: input.Status, identity_id: input.IdentityID, updated_at: new Date(),
    }).where('id', '=', identityId).returningAll().executeTakeFirstOrThrow();
    return { id: identityId, before: toApi(before), after: toApi(row) };
  }));
}

export async function deleteIdentity(db: Db, caller: Caller, participantId: string, identityId: string) {
  await writeChild(db, caller, participantId, { type: 'identity', action: 'delete' }, async (tx) => {
    const before = await ownIdentity(tx, participantId, identityId);
    await tx.deleteFrom('identity').where('id', '=', identityId).execute();
    return { id: identityId, before: toApi(before), after: null };
  });
}

async function ownIdentity(tx: Transaction<Database>, participantId: string, identityId: string) {
  const row = /^[0-9a-f-]{36}$/i.test(identityId)
    ? await tx.selectFrom('identity').selectAll().where('id', '=', identityId).where('participant_id', '=', participantId).executeTakeFirst()
    : undefined;
  if (!row) throw notFound();
  return row;
}
