import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/**
 * The tables a seed or the demo fills: the study records, the FHIR store and the Home statistics'
 * index. Without statistics the planner takes freshly filled tables for empty (a database with
 * autovacuum off, or before it ran) and Home's tabs took 1.1–2.1 s instead of their budget.
 */
export const SEEDED_TABLES = [
  'participant', 'device', 'identity', 'fhir_resource', 'fhir_history', 'audit_event',
  'stat_value', 'stat_latest', 'stat_participant', 'stat_condition', 'stat_resource_count', 'stat_questionnaire_count',
] as const;

/** ANALYZE of the seeded tables, run once the writes are done. */
export async function analyzeSeededTables(db: Db): Promise<void> {
  await sql`analyze ${sql.join(SEEDED_TABLES.map((t) => sql.table(t)))}`.execute(db.kysely);
}
