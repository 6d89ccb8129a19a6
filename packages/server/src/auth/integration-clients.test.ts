import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { findIntegrationClient, registerIntegrationClient } from './integration-clients.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const tokenRequest = (clientId: string, secret: string) => ctx.app.inject({
  method: 'POST', url: '/auth/token', payload: 'grant_type=client_credentials',
  headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
});

describe('integration-client secrets', () => {
  it('are stored as a salted hash, never as given, and the token endpoint checks the secret against it', async () => {
    const { clientSecret } = await registerIntegrationClient(ctx.db, { clientId: 'hub-hashed', role: 'CCM', organisation: 'MIL-GER' });
    const { clientSecret: sameRole } = await registerIntegrationClient(ctx.db, { clientId: 'hub-hashed-2', role: 'CCM', organisation: 'MIL-GER' });
    const stored = JSON.stringify(await ctx.db.kysely.selectFrom('oidc_client').selectAll().where('client_id', 'like', 'hub-hashed%').execute());
    expect(stored).not.toContain(clientSecret);
    expect(stored).not.toContain(sameRole);
    const row = await findIntegrationClient(ctx.db, 'hub-hashed');
    expect(row!.client_secret_hash).toMatch(/^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/);

    const granted = await tokenRequest('hub-hashed', clientSecret);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().access_token).toBeTruthy();
    for (const wrong of [sameRole, row!.client_secret_hash, `${clientSecret}x`, clientSecret.slice(1)]) {
      expect((await tokenRequest('hub-hashed', wrong)).statusCode).toBe(401);
    }
  });

  it('kept in plain text before are hashed by the migration, and still work', async () => {
    const migration = await readFile(new URL('../db/migrations/030_integration_client_secret_hash.sql', import.meta.url), 'utf8');
    // The table as it was before the migration, with a client registered then.
    await ctx.db.exec(`begin;
      alter table oidc_client drop constraint oidc_client_secret_hashed;
      alter table oidc_client rename column client_secret_hash to client_secret;
      insert into oidc_client (client_id, client_secret, role, organisation) values ('legacy-hub', 'legacy-secret-0123456789', 'CCM', 'MIL-GER');
      ${migration}
      commit;`);
    const row = await findIntegrationClient(ctx.db, 'legacy-hub');
    expect(row!.client_secret_hash).toMatch(/^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect((await tokenRequest('legacy-hub', 'legacy-secret-0123456789')).statusCode).toBe(200);
    expect((await tokenRequest('legacy-hub', 'legacy-secret-012345678')).statusCode).toBe(401);
    // A plain secret can no longer be stored.
    await expect(ctx.db.kysely.insertInto('oidc_client').values({ client_id: 'plain', client_secret_hash: 'plain-secret', role: 'CCM', organisation: 'MIL-GER' }).execute()).rejects.toThrow();
  });
});
