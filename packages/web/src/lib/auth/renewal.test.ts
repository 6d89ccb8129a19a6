import { describe, expect, it } from 'vitest';
import { shouldRenew } from './renewal.ts';

describe('shouldRenew', () => {
  const now = 1_700_000_000_000;
  const inSeconds = (s: number) => now / 1000 + s;

  it('renews when fewer than 60 seconds remain', () => {
    expect(shouldRenew(inSeconds(59), now)).toBe(true);
    expect(shouldRenew(inSeconds(-5), now)).toBe(true);
  });

  it('keeps the token when 60 seconds or more remain', () => {
    expect(shouldRenew(inSeconds(60), now)).toBe(false);
    expect(shouldRenew(inSeconds(3600), now)).toBe(false);
  });

  it('renews a token without a known expiry', () => {
    expect(shouldRenew(undefined, now)).toBe(true);
  });
});
