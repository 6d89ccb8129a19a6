import type { AuditAction } from '@geria/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
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

/**
 * Records who did what, when, with the state before and after. Call it with the transaction of the
 * write it describes, so the change and its audit record commit or roll back together.
 */
export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/**
 * Several records, 2 000 a statement (a FHIR transaction writes one per resource): they travel as one
 * JSON array, their states nested in it as they are, so each is serialised once and the statement's
 * text, the same whatever the number of records, is prepared once per connection (db/prepared.ts).
 */
export async function recordAudits(db: Kysely<Database> | Transaction<Database>, entries: readonly AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += AUDIT_CHUNK) await insertAudits(db, entries.slice(i, i + AUDIT_CHUNK));
}

/** Records per statement: a million (an import) do not make one text of a gigabyte. */
const AUDIT_CHUNK = 2000;

async function insertAudits(db: Kysely<Database> | Transaction<Database>, entries: readonly AuditEntry[]) {
  const rows = JSON.stringify(entries.map((entry) => ({
    actor: entry.actor,
    actor_organisation: entry.actorOrganisation ?? null,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId ?? null,
    // A JSON null becomes SQL NULL in the record.
    before: entry.before ?? null,
    after: entry.after ?? null,
    details: entry.details ?? null,
    participant_id: entry.participantId ?? (entry.entityType === 'participant' ? entry.entityId ?? null : null),
  })));
  await sql`insert into audit_event (actor, actor_organisation, action, entity_type, entity_id, before, after, details, participant_id)
    select * from jsonb_to_recordset(${rows}::jsonb) as ${AUDIT_RECORD}`.execute(db);
}

const AUDIT_RECORD = sql.raw(`r(actor text, actor_organisation text, action text, entity_type text, entity_id text, before jsonb, after jsonb, details jsonb,
  participant_id text)`);
