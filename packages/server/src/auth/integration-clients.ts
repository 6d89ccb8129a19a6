import { randomBytes } from 'node:crypto';
import { toRole } from '@geria/domain';
import { organisationByAbbr } from '@geria/domain';
import type { Db } from '../db/connection.ts';

/**
 * Integrations (an institution's system, a device hub) use the OAuth 2.0 client-credentials grant
 * with a registered client that acts with one study role inside one organisation.
 */
export const findIntegrationClient = (db: Db, clientId: string) =>
  db.kysely.selectFrom('oidc_client').selectAll().where('client_id', '=', clientId).executeTakeFirst();

export async function registerIntegrationClient(db: Db, input: { clientId: string; role: string; organisation: string; description?: string }) {
  const role = toRole(input.role);
  const organisation = organisationByAbbr(input.organisation);
  if (!role) throw new Error(`unknown role ${input.role}`);
  if (!organisation) throw new Error(`unknown organisation ${input.organisation}`);
  const clientSecret = randomBytes(32).toString('base64url');
  await db.kysely.insertInto('oidc_client').values({
    client_id: input.clientId, client_secret: clientSecret, role, organisation: organisation.abbr, description: input.description ?? '',
  }).execute();
  return { clientId: input.clientId, clientSecret };
}
