import { describe, expect, it } from 'vitest';
import { parseScimFilter, ScimFilterError } from './scim-filter.ts';

describe('SCIM filter', () => {
  it('reads userName eq with the attribute name in any case', () => {
    expect(parseScimFilter('UserName eq "mrossi"')).toEqual([{ attribute: 'username', operator: 'eq', value: 'mrossi' }]);
  });

  it('reads emails.value and comparisons joined by and', () => {
    expect(parseScimFilter('emails.value eq "a@b.org" and active eq true')).toEqual([
      { attribute: 'emails.value', operator: 'eq', value: 'a@b.org' },
      { attribute: 'active', operator: 'eq', value: true },
    ]);
  });

  it('keeps " and " inside a quoted value', () => {
    expect(parseScimFilter('displayName co "salt and pepper"')[0].value).toBe('salt and pepper');
  });

  it('reads escaped quotes and the presence operator', () => {
    expect(parseScimFilter('name.familyName sw "O\\"Brien"')[0].value).toBe('O"Brien');
    expect(parseScimFilter('emails pr')).toEqual([{ attribute: 'emails', operator: 'pr', value: null }]);
  });

  it('refuses what it does not support', () => {
    for (const filter of ['userName eq', 'userName gt "a" or x eq "b"', '(userName eq "a")', 'userName eq "open', 'emails pr "x"']) {
      expect(() => parseScimFilter(filter), filter).toThrow(ScimFilterError);
    }
  });
});
