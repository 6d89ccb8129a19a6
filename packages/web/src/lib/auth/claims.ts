import { sessionUserFromClaims, type SessionUser } from '@geria/domain';
import * as z from 'zod/mini';

const claimsSchema = z.looseObject({
  sub: z.string().check(z.minLength(1)),
  exp: z.optional(z.number()),
  given_name: z.optional(z.string()),
  family_name: z.optional(z.string()),
  preferred_username: z.optional(z.string()),
  organisation: z.optional(z.string()),
  realm_access: z.optional(z.object({ roles: z.optional(z.array(z.unknown())) })),
});
export type Claims = z.infer<typeof claimsSchema>;

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of a JWT (no signature check: the API verifies tokens, the browser only reads them). */
export function decodeJwtClaims(token: string): Claims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = claimsSchema.safeParse(JSON.parse(base64UrlDecode(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in user, read from the access token so the shell renders without a round trip.
 * An opaque access token (some external issuers) falls back to the id token's profile claims.
 */
export function sessionUserFromTokens(accessToken: string, profile: unknown): SessionUser | null {
  const claims = decodeJwtClaims(accessToken) ?? claimsSchema.safeParse(profile).data;
  return claims ? sessionUserFromClaims(claims) : null;
}
