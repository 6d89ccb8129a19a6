import { TOKEN_REFRESH_THRESHOLD_SECONDS } from '@geria/domain';

/** True when the token must be renewed: fewer than 60 s of validity remain (or it has no expiry). */
export function shouldRenew(expiresAtSeconds: number | null | undefined, nowMs: number): boolean {
  if (expiresAtSeconds == null) return true;
  return expiresAtSeconds - nowMs / 1000 < TOKEN_REFRESH_THRESHOLD_SECONDS;
}
