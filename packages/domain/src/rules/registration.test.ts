import { describe, expect, it } from 'vitest';
import { hasMessage } from '../i18n/index.ts';
import {
  administrationRefusal, managedUserChangeSchema, newPasswordSchema, passwordProblems, registrationSchema, rejectionSchema,
  PASSWORD_MIN_LENGTH,
} from './registration.ts';

const valid = {
  firstName: 'Maria', lastName: 'Rossi', username: 'mrossi', email: 'Maria.Rossi@Example.org', organisation: 'mil-ger',
  requestedRole: 'ccm', password: 'Tramonto-sul-lago-7', passwordConfirmation: 'Tramonto-sul-lago-7', privacyPolicyAgreed: true,
};

const messagesFor = (input: unknown) => {
  const result = registrationSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('registration form', () => {
  it('accepts a complete registration and normalises organisation, role and e-mail', () => {
    const result = registrationSchema.parse(valid);
    expect(result).toMatchObject({ organisation: 'MIL-GER', requestedRole: 'CCM', email: 'maria.rossi@example.org' });
  });

  it('refuses a mismatched password confirmation', () => {
    expect(messagesFor({ ...valid, passwordConfirmation: 'Tramonto-sul-lago-8' })).toEqual(['passwordConfirmation:accounts.rules.passwordMismatch']);
  });

  it('refuses a weak password with the reason', () => {
    expect(messagesFor({ ...valid, password: 'abc', passwordConfirmation: 'abc' })).toEqual([
      'password:accounts.rules.passwordTooShort', 'password:accounts.rules.passwordTooSimple',
    ]);
  });

  it('refuses a malformed e-mail address', () => {
    expect(messagesFor({ ...valid, email: 'maria@' })).toEqual(['email:validation.email']);
  });

  it('refuses an organisation that is not in the reference list', () => {
    expect(messagesFor({ ...valid, organisation: 'NOWHERE' })).toEqual(['organisation:accounts.rules.unknownOrganisation']);
  });

  it('needs a requested role, one of the six', () => {
    expect(messagesFor({ ...valid, requestedRole: ' ' })).toEqual(['requestedRole:accounts.rules.roleRequired']);
    expect(messagesFor({ ...valid, requestedRole: 'Director' })).toEqual(['requestedRole:accounts.rules.unknownRole']);
    for (const role of ['CCM', 'SysAdmin', 'Auditor', 'ClinicalExpert', 'Tester', 'Tech']) {
      expect(messagesFor({ ...valid, requestedRole: role })).toEqual([]);
    }
  });

  it('needs the privacy policy agreed', () => {
    expect(messagesFor({ ...valid, privacyPolicyAgreed: false })).toEqual(['privacyPolicyAgreed:accounts.rules.privacyNotAgreed']);
  });

  it('refuses a username the account store would refuse', () => {
    expect(messagesFor({ ...valid, username: 'm r' })).toEqual(['username:accounts.rules.usernameFormat']);
  });

  it('reports password problems together with the other fields', () => {
    const messages = messagesFor({ ...valid, organisation: 'NOWHERE', passwordConfirmation: 'other' });
    expect(messages).toContain('organisation:accounts.rules.unknownOrganisation');
    expect(messages).toContain('passwordConfirmation:accounts.rules.passwordMismatch');
  });

  it('refuses fields it does not know', () => {
    expect(registrationSchema.safeParse({ ...valid, roles: ['SysAdmin'] }).success).toBe(false);
  });
});

describe('password strength', () => {
  it('accepts a long passphrase without character mix', () => {
    expect(passwordProblems('correct horse battery staple')).toEqual([]);
  });

  it(`needs at least ${PASSWORD_MIN_LENGTH} characters`, () => {
    expect(passwordProblems('Ab1-xyz').map((p) => p.code)).toContain('accounts.rules.passwordTooShort');
    expect(passwordProblems('Ab1-xyzwvu')).toEqual([]);
  });

  it('needs three kinds of characters below passphrase length', () => {
    expect(passwordProblems('abcdefghij12').map((p) => p.code)).toEqual(['accounts.rules.passwordTooSimple']);
  });

  it('refuses well-known passwords', () => {
    expect(passwordProblems('Password123!').map((p) => p.code)).toEqual(['accounts.rules.passwordCommon']);
  });

  it('refuses a password built on the username, e-mail name or names', () => {
    expect(passwordProblems('Mrossi-2026!', { username: 'mrossi' }).map((p) => p.code)).toEqual(['accounts.rules.passwordPersonal']);
    expect(passwordProblems('Xmaria.r-2026', { email: 'maria.r@example.org' }).map((p) => p.code)).toEqual(['accounts.rules.passwordPersonal']);
    expect(passwordProblems('Rossi-Rossi-9', { lastName: 'Rossi' }).map((p) => p.code)).toEqual(['accounts.rules.passwordPersonal']);
  });

  it('refuses a password longer than 128 characters', () => {
    expect(passwordProblems(`Aa1-${'x'.repeat(130)}`).map((p) => p.code)).toEqual(['accounts.rules.passwordTooLong']);
  });

  it('checks a new password against its account and its confirmation', () => {
    const schema = newPasswordSchema({ username: 'mrossi' });
    expect(schema.safeParse({ password: 'Mrossi-2026!', passwordConfirmation: 'Mrossi-2026!' }).success).toBe(false);
    expect(schema.safeParse({ password: 'Lago-di-Como-22', passwordConfirmation: 'Lago-di-Como-2' }).error?.issues[0].message).toBe('accounts.rules.passwordMismatch');
    expect(schema.safeParse({ password: 'Lago-di-Como-22', passwordConfirmation: 'Lago-di-Como-22' }).success).toBe(true);
  });
});

describe('managed user changes', () => {
  it('accepts a partial change and removes repeated roles', () => {
    expect(managedUserChangeSchema.parse({ roles: ['ccm', 'CCM', 'tester'] })).toEqual({ roles: ['CCM', 'Tester'] });
  });

  it('refuses an unknown role or organisation', () => {
    expect(managedUserChangeSchema.safeParse({ roles: ['Boss'] }).success).toBe(false);
    expect(managedUserChangeSchema.safeParse({ organisation: 'NOWHERE' }).success).toBe(false);
  });

  it('needs a reason to reject a registration', () => {
    expect(rejectionSchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(rejectionSchema.parse({ reason: ' Unknown to our centre ' })).toEqual({ reason: 'Unknown to our centre' });
  });
});

describe('administration refusals', () => {
  const sysAdmin = { sub: 'admin-1', roles: ['SysAdmin'] as const };
  const tester = { sub: 'tester-1', roles: ['Tester'] as const };

  it('a SysAdmin cannot lock, disable or un-verify themselves', () => {
    const self = { id: 'admin-1', roles: ['SysAdmin'] as const };
    for (const flag of ['locked', 'disabled', 'unverified'] as const) {
      expect(administrationRefusal(sysAdmin, self, { [flag]: true })?.code).toBe('accounts.rules.cannotLockSelf');
    }
    expect(administrationRefusal(sysAdmin, self, { locked: false })).toBeNull();
  });

  it('a SysAdmin cannot remove their own SysAdmin role', () => {
    expect(administrationRefusal(sysAdmin, { id: 'admin-1', roles: ['SysAdmin'] }, { roles: ['CCM'] })?.code).toBe('accounts.rules.cannotDropOwnSysAdmin');
    expect(administrationRefusal(sysAdmin, { id: 'admin-1', roles: ['SysAdmin'] }, { roles: ['SysAdmin', 'CCM'] })).toBeNull();
  });

  it('a SysAdmin may lock another account and change its SysAdmin role', () => {
    expect(administrationRefusal(sysAdmin, { id: 'other', roles: ['SysAdmin'] }, { roles: [], locked: true })).toBeNull();
  });

  it('a Tester cannot grant the SysAdmin role, nor edit a SysAdmin', () => {
    expect(administrationRefusal(tester, { id: 'tester-1', roles: ['Tester'] }, { roles: ['Tester', 'SysAdmin'] })?.code).toBe('accounts.rules.sysAdminOnly');
    expect(administrationRefusal(tester, { id: 'other', roles: ['SysAdmin'] }, { locked: true })?.code).toBe('accounts.rules.sysAdminOnly');
    expect(administrationRefusal(tester, { id: 'other', roles: [] }, { roles: ['CCM'] })).toBeNull();
  });
});

describe('account messages', () => {
  it('every code these rules give has a text in the catalogue', () => {
    const codes = [
      ...passwordProblems('a'), ...passwordProblems('Password123!'), ...passwordProblems(`Aa1-${'x'.repeat(130)}`),
      ...passwordProblems('Mrossi-2026!', { username: 'mrossi' }),
    ].map((p) => p.code);
    const issues = registrationSchema.safeParse({ ...valid, username: '!', email: 'x', organisation: 'X', requestedRole: '', privacyPolicyAgreed: false, passwordConfirmation: 'x' });
    codes.push(...(issues.error?.issues.map((i) => i.message) ?? []), 'accounts.rules.unknownRole', 'accounts.rules.cannotDropOwnSysAdmin', 'accounts.rules.sysAdminOnly', 'accounts.rules.cannotLockSelf');
    for (const code of codes) expect(hasMessage(code), code).toBe(true);
  });
});
