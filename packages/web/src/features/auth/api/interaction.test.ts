import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { credentialsSchema, loginFailureMessage } from './interaction.ts';

describe('sign-in failures', () => {
  it('explains wrong credentials, locked accounts and too many attempts by their code', () => {
    expect(loginFailureMessage(new ApiError(401, 'auth.invalidCredentials', 'Wrong'))).toEqual({ key: 'auth.invalidCredentials', fallback: 'Wrong' });
    expect(loginFailureMessage(new ApiError(403, 'auth.accountLocked', 'Locked'))).toMatchObject({ key: 'auth.accountLocked' });
    expect(loginFailureMessage(new ApiError(429, 'errors.rateLimited', 'Slow down'))).toMatchObject({ key: 'errors.rateLimited' });
  });

  it('shows the generic login error for anything else', () => {
    expect(loginFailureMessage(new ApiError(500, 'errors.internal', 'boom'))).toEqual({ key: 'auth.loginError' });
    expect(loginFailureMessage(new TypeError('offline'))).toEqual({ key: 'auth.loginError' });
  });

  it('requires both username and password', () => {
    expect(credentialsSchema.safeParse({ username: '  ', password: '' }).success).toBe(false);
    expect(credentialsSchema.safeParse({ username: 'ada', password: 'x' }).success).toBe(true);
  });
});
