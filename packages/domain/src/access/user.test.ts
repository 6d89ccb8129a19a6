import { describe, expect, it } from 'vitest';
import { sessionUserFromClaims } from './user.ts';

describe('session user from token claims', () => {
  it('derives names, roles, pilots and flags', () => {
    const user = sessionUserFromClaims({
      sub: 'u1', preferred_username: 'marie', given_name: 'Marie', family_name: 'Curie', organisation: 'PAR-GER',
      realm_access: { roles: ['default-roles-geria', 'clinicalexpert'] },
    });
    expect(user).toMatchObject({
      username: 'marie', fullName: 'Marie Curie', roles: ['ClinicalExpert'], organisation: 'PAR-GER', homePilotId: 3, isFrench: true,
    });
  });

  it('falls back to the username when the token carries no names', () => {
    expect(sessionUserFromClaims({ sub: 'u2', preferred_username: 'svc' }).fullName).toBe('svc');
    expect(sessionUserFromClaims({ sub: 'u3' })).toMatchObject({ fullName: 'u3', roles: [], organisationId: null, pilots: [] });
  });
});
