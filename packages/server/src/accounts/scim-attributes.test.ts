import { describe, expect, it } from 'vitest';
import { attributeList, project } from './scim-attributes.ts';
import { ScimError } from './scim-input.ts';

const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const user = {
  schemas: [CORE, ENTERPRISE], id: 'u1', userName: 'mrossi', name: { givenName: 'Maria', familyName: 'Rossi' },
  emails: [{ value: 'm@x.org', type: 'work', primary: true }], [ENTERPRISE]: { organization: 'MIL-GER' }, meta: { resourceType: 'User' },
};

describe('SCIM attributes and excludedAttributes (RFC 7644 §3.4.2.5)', () => {
  it('returns the named attributes with id and schemas, names in any case, sub-attributes of each value', () => {
    expect(project(user, { attributes: ['USERNAME', 'emails.Value'] }, CORE)).toEqual({ schemas: user.schemas, id: 'u1', userName: 'mrossi', emails: [{ value: 'm@x.org' }] });
    expect(project(user, { attributes: [`${CORE}:name.familyName`, `${ENTERPRISE}:organization`] }, CORE)).toEqual({
      schemas: user.schemas, id: 'u1', name: { familyName: 'Rossi' }, [ENTERPRISE]: { organization: 'MIL-GER' },
    });
    expect(project(user, { attributes: ['name', 'name.givenName'] }, CORE)).toMatchObject({ name: user.name });
    expect(project(user, { attributes: ['nickName'] }, CORE)).toEqual({ schemas: user.schemas, id: 'u1' });
  });

  it('leaves out the excluded attributes but never id or schemas', () => {
    expect(project(user, { excludedAttributes: ['id', 'schemas', 'meta', 'emails.type', ENTERPRISE] }, CORE)).toEqual({
      schemas: user.schemas, id: 'u1', userName: 'mrossi', name: user.name, emails: [{ value: 'm@x.org', primary: true }],
    });
    expect(user.emails[0]).toHaveProperty('type');
  });

  it('reads lists from a query string or a search request, and refuses a name that is not one', () => {
    expect(attributeList(' userName , emails.value,')).toEqual(['userName', 'emails.value']);
    expect(attributeList(['a', ' '])).toEqual(['a']);
    expect(attributeList('')).toBeUndefined();
    expect(() => project(user, { attributes: ['a.b.c'] }, CORE)).toThrow(ScimError);
  });
});
