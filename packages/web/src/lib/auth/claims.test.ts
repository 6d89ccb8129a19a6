import { describe, expect, it } from 'vitest';
import { makeJwt } from '../../test/tokens.ts';
import { decodeJwtClaims, sessionUserFromTokens } from './claims.ts';

describe('token claims', () => {
  it('reads the signed-in user from the access token, with non-ASCII names', () => {
    const token = makeJwt({ sub: 's', given_name: 'Σοφία', family_name: 'Παππά', realm_access: { roles: ['offline_access', 'clinicalexpert'] } });
    const user = sessionUserFromTokens(token, {});
    expect(user).toMatchObject({ fullName: 'Σοφία Παππά', roles: ['ClinicalExpert'] });
  });

  it('falls back to the id token profile when the access token is opaque', () => {
    expect(sessionUserFromTokens('opaque', { sub: 'x', preferred_username: 'bob' })).toMatchObject({ username: 'bob' });
  });

  it('rejects a token without a subject', () => {
    expect(decodeJwtClaims(makeJwt({ name: 'no sub' }))).toBeNull();
    expect(sessionUserFromTokens('opaque', {})).toBeNull();
  });
});
