import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './listener.ts';

describe('LISTEN reconnect backoff', () => {
  it('starts at 100 ms, doubles after each failure and stays at 30 s', () => {
    expect([0, 1, 2, 3].map(reconnectDelay)).toEqual([100, 200, 400, 800]);
    expect(reconnectDelay(8)).toBe(25_600);
    expect(reconnectDelay(9)).toBe(30_000);
    expect(reconnectDelay(1_000)).toBe(30_000);
  });
});
