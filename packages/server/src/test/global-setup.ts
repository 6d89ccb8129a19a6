import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { seedTestFixtures } from './fixtures.ts';

/**
 * Builds one migrated, seeded database per test run; every test file then starts from a copy:
 * a dumped PGlite data directory (loads in well under a second, where initdb takes seconds), or a
 * PostgreSQL template database when the project runs on TEST_DATABASE_URL.
 */

export default async function setup(project: TestProject) {
  const kind = project.config.env?.GERIA_TEST_DB ?? 'pglite';
  if (kind === 'pg') {
    // Each run has its own prefix, so test runs started side by side never drop each other's databases.
    const prefix = `geria_test_${process.pid}_`;
    const template = `${prefix}template`;
    const url = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await dropTestDatabases(admin, prefix);
    await admin.query(`create database ${template}`);
    const db = await openPostgres(withDatabase(url, template));
    await migrate(db);
    await seedTestFixtures(db);
    await db.close();
    project.provide('pgTemplate', template);
    return async () => {
      await dropTestDatabases(admin, prefix);
      await admin.end();
    };
  }
  const db = await openPglite();
  await migrate(db);
  await seedTestFixtures(db);
  const dump = await db.pglite!.dumpDataDir('gzip');
  await db.close();
  const file = path.join(tmpdir(), `geria-test-template-${process.pid}.tar.gz`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function dropTestDatabases(admin: pg.Client, prefix: string) {
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [prefix]);
  for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}
