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

/**
 * The configuration the server wrote into the page (the text of `<script id="geria-config">`),
 * else `GET /api/v1/config` (the Vite dev server's page carries none, and a block that does not
 * validate is not trusted).
 */
export function readClientConfig(inline: string | null | undefined): Promise<ClientConfig> {
  if (inline) {
    let json: unknown = null;
    try { json = JSON.parse(inline); } catch { /* fall back to the API */ }
    const parsed = clientConfigSchema.safeParse(json);
    if (parsed.success) return Promise.resolve(parsed.data);
  }
  return fetchClientConfig();
}

export function fetchClientConfig(): Promise<ClientConfig> {
  return createHttpClient({ baseUrl: '/api/v1' }).get('/config', { schema: clientConfigSchema });
}
