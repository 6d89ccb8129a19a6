import { describe, expect, it } from 'vitest';
import { LoginThrottle, MAX_FAILURES, WINDOW_MS } from './login-throttle.ts';

describe('wrong passwords per username', () => {
  it('blocks a username after the tenth failure, whatever its letter case, until the window passes', () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < MAX_FAILURES - 1; i++) throttle.failed(i % 2 ? 'Demo-CCM' : 'demo-ccm');
    expect(throttle.blocked('demo-ccm')).toBe(false);
    throttle.failed('demo-ccm');
    expect(throttle.blocked('DEMO-CCM ')).toBe(true);
    expect(throttle.blocked('someone-else')).toBe(false);
    now = WINDOW_MS + 1;
    expect(throttle.blocked('demo-ccm')).toBe(false);
  });

  it('forgets failures after a successful sign-in', () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < MAX_FAILURES; i++) throttle.failed('a');
    throttle.succeeded('a');
    expect(throttle.blocked('a')).toBe(false);
  });
});
