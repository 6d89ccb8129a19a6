import type { AuditAction } from '@geria/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

export interface AuditEntry {
  actor: string;
  actorOrganisation?: string | null;
  action: AuditAction;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  details?: unknown;
  /**
   * The participant the record is about, as the server knows it (never an id a client chose): an
   * erasure redacts their records by it. A record about a participant entity is about them.
   */
  participantId?: string | null;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Records who did what, when, with the state before and after. Call it with the transaction of the
 * write it describes, so the change and its audit record commit or roll back together.
 */
export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/** Several records in as few statements as the parameter limit allows (a FHIR transaction writes one per resource). */
export async function recordAudits(db: Kysely<Database> | Transaction<Database>, entries: readonly AuditEntry[]): Promise<void> {
  // A statement binds at most 32 767 parameters on PGlite (65 535 on PostgreSQL); a row takes 8.
  for (let i = 0; i < entries.length; i += AUDIT_CHUNK) await insertAudits(db, entries.slice(i, i + AUDIT_CHUNK));
}

const AUDIT_CHUNK = 2000;

async function insertAudits(db: Kysely<Database> | Transaction<Database>, entries: readonly AuditEntry[]) {
  await db.insertInto('audit_event').values(entries.map((entry) => ({
    actor: entry.actor,
    actor_organisation: entry.actorOrganisation ?? null,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId ?? null,
    before: json(entry.before),
    after: json(entry.after),
    details: json(entry.details),
    participant_id: entry.participantId ?? (entry.entityType === 'participant' ? entry.entityId ?? null : null),
  }))).execute();
}
