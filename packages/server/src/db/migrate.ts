import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from './connection.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies the SQL files of ./migrations in name order, each once and in its own transaction.
 * The server migrates at start-up, before it serves. Processes migrating one database at once (several
 * servers, a worker) take turns on an advisory lock: the first applies, the others find nothing left.
 */
export function migrate(db: Db): Promise<string[]> {
  return db.exclusive('geria:migrate', () => applyMigrations(db));
}

async function applyMigrations(db: Db): Promise<string[]> {
  await db.exec(`create table if not exists schema_migration (name text primary key, applied_at timestamptz not null default now())`);
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const done = new Set(
    (await sql<{ name: string }>`select name from schema_migration`.execute(db.kysely)).rows.map((r) => r.name),
  );
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    await db.exec(`begin;\n${text}\n;insert into schema_migration (name) values ('${file.replace(/'/g, "''")}');\ncommit;`);
    applied.push(file);
  }
  return applied;
}
