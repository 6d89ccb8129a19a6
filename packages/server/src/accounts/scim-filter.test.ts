import { describe, expect, it } from 'vitest';
import { parseAttributePath, parseScimFilter, ScimFilterError } from './scim-filter.ts';

const userName = { attribute: 'username' };

describe('SCIM filter parser (RFC 7644 §3.4.2.2)', () => {
  it('reads a comparison with the attribute and the operator in any case', () => {
    expect(parseScimFilter('UserName EQ "mrossi"')).toEqual({ op: 'eq', path: userName, value: 'mrossi' });
  });

  it('reads every comparison operator and the value types', () => {
    for (const op of ['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']) {
      expect(parseScimFilter(`meta.lastModified ${op} "2026-01-01T00:00:00Z"`)).toEqual({
        op, path: { attribute: 'meta', subAttribute: 'lastmodified' }, value: '2026-01-01T00:00:00Z',
      });
    }
    expect(parseScimFilter('active eq True')).toMatchObject({ value: true });
    expect(parseScimFilter('active ne false')).toMatchObject({ value: false });
    expect(parseScimFilter('externalId eq null')).toMatchObject({ value: null });
    expect(parseScimFilter('x.count gt -1.5e2')).toMatchObject({ op: 'gt', value: -150 });
  });

  it('reads presence', () => {
    expect(parseScimFilter('externalId pr')).toEqual({ op: 'pr', path: { attribute: 'externalid' } });
  });

  it('binds and tighter than or, left to right', () => {
    expect(parseScimFilter('userName eq "a" or userName eq "b" and active eq true')).toEqual({
      op: 'or',
      left: { op: 'eq', path: userName, value: 'a' },
      right: { op: 'and', left: { op: 'eq', path: userName, value: 'b' }, right: { op: 'eq', path: { attribute: 'active' }, value: true } },
    });
    expect(parseScimFilter('a pr or b pr or c pr')).toMatchObject({ op: 'or', left: { op: 'or' }, right: { op: 'pr', path: { attribute: 'c' } } });
  });

  it('reads parentheses and not', () => {
    expect(parseScimFilter('(userName eq "a" or userName eq "b") and not (active eq true)')).toEqual({
      op: 'and',
      left: { op: 'or', left: { op: 'eq', path: userName, value: 'a' }, right: { op: 'eq', path: userName, value: 'b' } },
      right: { op: 'not', filter: { op: 'eq', path: { attribute: 'active' }, value: true } },
    });
    expect(parseScimFilter('NOT(((externalId pr)))')).toEqual({ op: 'not', filter: { op: 'pr', path: { attribute: 'externalid' } } });
  });

  it('reads complex attribute filters', () => {
    expect(parseScimFilter('emails[type eq "work" and value co "@x.org"]')).toEqual({
      op: 'has', path: { attribute: 'emails' },
      filter: { op: 'and', left: { op: 'eq', path: { attribute: 'type' }, value: 'work' }, right: { op: 'co', path: { attribute: 'value' }, value: '@x.org' } },
    });
    expect(parseScimFilter('userType eq "Employee" and emails[not (value ew ".org")]')).toMatchObject({ op: 'and', right: { op: 'has', filter: { op: 'not' } } });
  });

  it('reads attribute paths with their schema URN', () => {
    expect(parseScimFilter('urn:ietf:params:scim:schemas:core:2.0:User:name.familyName sw "Du"')).toEqual({
      op: 'sw', path: { schema: 'urn:ietf:params:scim:schemas:core:2.0:user', attribute: 'name', subAttribute: 'familyname' }, value: 'Du',
    });
    expect(parseAttributePath('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:organization')).toEqual({
      schema: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:user', attribute: 'organization',
    });
    expect(parseAttributePath('groups.$ref')).toEqual({ attribute: 'groups', subAttribute: '$ref' });
  });

  it('keeps words and brackets inside strings, and reads escapes', () => {
    expect(parseScimFilter('displayName co "salt and pepper) or (x"')).toMatchObject({ value: 'salt and pepper) or (x' });
    expect(parseScimFilter('name.familyName sw "O\\"Brien \\u00e9"')).toMatchObject({ value: 'O"Brien é' });
  });

  it('refuses what the grammar does not allow, naming the place', () => {
    const refused = [
      '', '   ', 'userName', 'userName eq', 'userName eq "open', 'userName equals "a"', 'emails pr "x"', 'userName eq "a" and',
      '(userName eq "a"', 'userName eq "a")', 'not userName eq "a"', 'emails[type eq "work"', 'emails[value pr].value pr',
      'emails[addresses[type pr]]', 'name.givenName[value pr]', 'a.b.c pr', 'userName eq abc', 'userName eq "a" "b"',
      'userName eq "\\x"', 'http:foo pr', '@ pr', `${'('.repeat(40)}a pr${')'.repeat(40)}`,
    ];
    for (const filter of refused) expect(() => parseScimFilter(filter), filter).toThrow(ScimFilterError);
    expect(() => parseScimFilter('userName eq "a" or or')).toThrow(/at 20/);
  });
});
