import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/connection.ts';
import { acceptedSecretHashes, findIntegrationClient } from './integration-clients.ts';
import { announceGrantEnded } from './grant-state.ts';

/**
 * oidc-provider's storage on our database (sessions, grants, codes, refresh tokens, interactions),
 * so tokens and sessions survive restarts and work the same on PGlite and PostgreSQL.
 */
export function oidcAdapterFactory(db: Db) {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db.kysely.insertInto('oidc_payload').values(row)
        .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet({
          payload: row.payload, grant_id: row.grant_id, user_code: row.user_code, uid: row.uid, expires_at: row.expires_at,
        }))
        .execute();
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db.kysely.selectFrom('oidc_payload').select(['payload', 'expires_at'])
        .where('model', '=', this.model).where(column, '=', value).executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at && new Date(row.expires_at).getTime() <= Date.now()) return undefined;
      return row.payload as AdapterPayload;
    }

    async find(id: string) {
      // Clients that are not configured statically are the registered OAuth integrations (client-credentials
      // only); a disabled one, or an API-key client, gets no token. Its secrets are the stored hashes
      // accepted now (the current one, and a rotated one in its grace period), space-separated, which
      // the provider checks through verifyClientSecret (provider.ts).
      if (this.model === 'Client') {
        const client = await findIntegrationClient(db, id);
        return client && client.kind === 'oauth' && !client.disabled_at ? {
          client_id: client.client_id,
          client_secret: acceptedSecretHashes(client).join(' '),
          grant_types: ['client_credentials'],
          response_types: [],
          redirect_uris: [],
          token_endpoint_auth_method: 'client_secret_basic' as const,
        } : undefined;
      }
      return this.findWhere('id', id);
    }
    findByUid(uid: string) { return this.findWhere('uid', uid); }
    findByUserCode(userCode: string) { return this.findWhere('user_code', userCode); }

    async destroy(id: string): Promise<void> {
      await db.kysely.deleteFrom('oidc_payload').where('model', '=', this.model).where('id', '=', id).execute();
      // Logout and revocation destroy the grant: the access tokens it issued are refused from now on (grant-state.ts).
      if (this.model === 'Grant') await announceGrantEnded(db.kysely, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.kysely.deleteFrom('oidc_payload').where('grant_id', '=', grantId).execute();
    }

    async consume(id: string): Promise<void> {
      const row = await db.kysely.selectFrom('oidc_payload').select('payload')
        .where('model', '=', this.model).where('id', '=', id).executeTakeFirst();
      if (!row) return;
      const payload = { ...(row.payload as AdapterPayload), consumed: Math.floor(Date.now() / 1000) };
      await db.kysely.updateTable('oidc_payload').set({ payload: JSON.stringify(payload) })
        .where('model', '=', this.model).where('id', '=', id).execute();
    }
  };
}

/** Removes expired rows; run periodically. */
export async function purgeExpiredOidcPayloads(db: Db): Promise<number> {
  const result = await db.kysely.deleteFrom('oidc_payload').where('expires_at', '<', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
