/**
 * Prints the OpenAPI document (what /api/docs/json serves) without a server or a database of
 * record: the app is built on an empty in-memory PGlite, which is all its routes need to register.
 * `npm run openapi:types` feeds it to openapi-typescript for the web app's types.
 */
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const db = await openPglite();
  try {
    await migrate(db);
    const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: 'false', DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://localhost:8080', WEB_DIST: '/nonexistent' });
    const app = await buildApp({ config, db });
    await app.ready();
    const doc = app.swagger() as unknown as Record<string, unknown>;
    await app.close();
    return doc;
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await openApiDocument(), null, 2)}\n`);
}
