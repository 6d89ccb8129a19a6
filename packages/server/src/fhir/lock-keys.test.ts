import { describe, expect, it } from 'vitest';
import { lockKey } from './repository.ts';

describe('lock keys', () => {
  it('gives a conditional create one key however its search is written, and another per type or search', () => {
    const key = lockKey.ifNoneExist('Observation', 'identifier=https://app|p/1&status=final');
    expect(lockKey.ifNoneExist('Observation', '?status=final&identifier=https://app|p/1')).toBe(key);
    expect(lockKey.ifNoneExist('Observation', 'identifier=https%3A%2F%2Fapp%7Cp%2F1&status=final')).toBe(key);
    expect(lockKey.ifNoneExist('Condition', 'identifier=https://app|p/1&status=final')).not.toBe(key);
    expect(lockKey.ifNoneExist('Observation', 'identifier=https://app|p/2&status=final')).not.toBe(key);
  });
});
