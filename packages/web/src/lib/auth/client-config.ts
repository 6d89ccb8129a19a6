import { LANGUAGES } from '@geria/domain';
import * as z from 'zod/mini';
import { createHttpClient } from '../http.ts';

/** `GET /api/v1/config`: how the SPA reaches its identity provider, so any issuer works unchanged. */
export const clientConfigSchema = z.object({
  issuer: z.url(),
  clientId: z.string().check(z.minLength(1)),
  scope: z.string().check(z.minLength(1)),
  defaultLanguage: z.optional(z.enum(LANGUAGES)),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export function fetchClientConfig(): Promise<ClientConfig> {
  return createHttpClient({ baseUrl: '/api/v1' }).get('/config', { schema: clientConfigSchema });
}
