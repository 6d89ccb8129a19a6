import type { IntegrationPermission } from '@geria/domain';
import { registerIntegrationClient } from '../auth/integration-clients.ts';
import type { TestContext } from './context.ts';

/** Registers an integration client and answers headers with its access token (client-credentials grant, as the client does). */
export async function asIntegrationClient(ctx: TestContext, input: { clientId: string; role: string; organisation: string; permissions?: IntegrationPermission[] }) {
  const { clientSecret } = await registerIntegrationClient(ctx.db, input);
  const res = await ctx.app.inject({
    method: 'POST', url: '/auth/token', payload: 'grant_type=client_credentials',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${input.clientId}:${clientSecret}`).toString('base64')}` },
  });
  if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().access_token as string}` };
}
