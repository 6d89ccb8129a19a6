/**
 * Wrong passwords counted per username, whatever address they come from: the per-address limit
 * alone lets an attacker with many addresses (or a spoofed X-Forwarded-For behind a lax proxy) try
 * a password list against one account. Kept in memory: each server instance counts its own
 * attempts, which bounds the rate per instance; a restart forgets (a lockout is not the goal).
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(username: string): number[] {
    const key = username.trim().toLowerCase();
    const since = this.now() - WINDOW_MS;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Whether another attempt for this username must wait. */
  blocked(username: string): boolean {
    return this.recent(username).length >= MAX_FAILURES;
  }

  failed(username: string) {
    this.failures.set(username.trim().toLowerCase(), [...this.recent(username), this.now()]);
  }

  succeeded(username: string) {
    this.failures.delete(username.trim().toLowerCase());
  }
}
