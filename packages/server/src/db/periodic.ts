import { sql } from 'kysely';
import type { Db } from './connection.ts';

/**
 * Claims this period of the periodic job `name` for the calling process: true when the job last
 * started `everyMs` ago or more (or never), and records that it starts now; false when another
 * process (or this one) already started it within the period. One statement, so of processes
 * claiming at once exactly one gets it.
 */
export async function claimPeriod(db: Db, name: string, everyMs: number): Promise<boolean> {
  const { rows } = await sql<{ name: string }>`
    insert into periodic_job as j (name, last_started_at) values (${name}, now())
    on conflict (name) do update set last_started_at = now()
      where j.last_started_at <= now() - ${everyMs} * interval '1 millisecond'
    returning name`.execute(db.kysely);
  return rows.length === 1;
}
