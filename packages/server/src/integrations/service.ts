import { sql } from 'kysely';
import { lastDays, type IntegrationClientInput } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { recordAudit } from '../audit/service.ts';
import {
  createIntegrationClient, rotateIntegrationClientSecret, type IntegrationClientRow,
} from '../auth/integration-clients.ts';
import { notFound } from '../http/errors.ts';

/** Who manages integration clients (a SysAdmin, or the operator's command line), for the audit trail. */
export interface ClientManager {
  actor: string;
  actorOrganisation: string | null;
}

/** Days of usage the list shows. */
export const USAGE_DAYS = 7;

/** A client as SysAdmin sees it and the audit trail records it: never a secret or its hash. */
export function clientView(row: IntegrationClientRow) {
  return {
    clientId: row.client_id, name: row.name, description: row.description, organisation: row.organisation, role: row.role,
    kind: row.kind, permissions: row.permissions, subjectIds: row.subject_ids, createdAt: new Date(row.created_at).toISOString(),
    disabledAt: row.disabled_at ? new Date(row.disabled_at).toISOString() : null,
    previousSecretValidUntil: row.previous_secret_expires_at && new Date(row.previous_secret_expires_at) > new Date() ? new Date(row.previous_secret_expires_at).toISOString() : null,
  };
}

/** Every client, newest first, with its last use and its requests on each of the last USAGE_DAYS UTC days. */
export async function listIntegrationClients(db: Db, now = new Date()) {
  const days = lastDays(now, USAGE_DAYS);
  const [rows, usage, lastUse] = await Promise.all([
    db.kysely.selectFrom('oidc_client').selectAll().orderBy('created_at', 'desc').orderBy('client_id').execute(),
    db.kysely.selectFrom('integration_client_usage').select(['client_id', sql<string>`day::text`.as('day'), 'requests']).where('day', '>=', days[0]).execute(),
    db.kysely.selectFrom('integration_client_usage').select(['client_id', (eb) => eb.fn.max('last_at').as('last')]).groupBy('client_id').execute(),
  ]);
  const requests = new Map(usage.map((u) => [`${u.client_id} ${u.day}`, u.requests]));
  const last = new Map(lastUse.map((u) => [u.client_id, u.last]));
  return rows.map((row) => ({
    ...clientView(row),
    lastUsedAt: last.has(row.client_id) ? new Date(last.get(row.client_id)!).toISOString() : null,
    requestsPerDay: days.map((day) => ({ day, requests: requests.get(`${row.client_id} ${day}`) ?? 0 })),
  }));
}

const AUDIT = { entityType: 'integration-client' } as const;

/** Registers a client; the answer carries its secret (or API key) this once. */
export async function createClient(db: Db, manager: ClientManager, input: IntegrationClientInput) {
  return db.kysely.transaction().execute(async (trx) => {
    const { row, secret } = await createIntegrationClient(trx, input);
    const client = clientView(row);
    await recordAudit(trx, { ...manager, ...AUDIT, action: 'integration-client.create', entityId: row.client_id, after: client });
    return { client, secret };
  });
}

type Change = 'rotate' | 'disable' | 'enable';

/**
 * Rotates a client's secret (answered once; the previous one works for the grace period), or
 * disables or enables it; disabling refuses its next request, whatever token it holds.
 */
export async function changeClient(db: Db, manager: ClientManager, clientId: string, change: Change) {
  return db.kysely.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('oidc_client').selectAll().where('client_id', '=', clientId).forUpdate().executeTakeFirst();
    if (!current) throw notFound();
    let row: IntegrationClientRow;
    let secret: string | undefined;
    if (change === 'rotate') ({ row, secret } = await rotateIntegrationClientSecret(trx, current));
    else {
      row = await trx.updateTable('oidc_client').set({ disabled_at: change === 'disable' ? (current.disabled_at ?? new Date()) : null })
        .where('client_id', '=', clientId).returningAll().executeTakeFirstOrThrow();
    }
    const client = clientView(row);
    await recordAudit(trx, { ...manager, ...AUDIT, action: `integration-client.${change}`, entityId: clientId, before: clientView(current), after: client });
    return { client, ...(secret ? { secret } : {}) };
  });
}

/** Deletes a client and its usage counts; its audit records stay. Its id is never given again. */
export async function deleteClient(db: Db, manager: ClientManager, clientId: string) {
  await db.kysely.transaction().execute(async (trx) => {
    const current = await trx.deleteFrom('oidc_client').where('client_id', '=', clientId).returningAll().executeTakeFirst();
    if (!current) throw notFound();
    await recordAudit(trx, { ...manager, ...AUDIT, action: 'integration-client.delete', entityId: clientId, before: clientView(current) });
  });
}
