import { describe, expect, it } from 'vitest';
import {
  caregiverEmailErrors, caregiverEmailsSchema, careManagerErrors, deviceSerialConflict, deviceSerialKey, externalIdConflict, phoneCountryCheck,
} from './field-rules.ts';

describe('caregiverEmailErrors', () => {
  it('accepts up to three distinct addresses', () => {
    expect(caregiverEmailErrors(['a@x.org', 'b@x.org', 'c@x.org'])).toEqual([]);
  });

  it('refuses a fourth', () => {
    expect(caregiverEmailErrors(['a@x.org', 'b@x.org', 'c@x.org', 'd@x.org'])).toEqual([{ code: 'rules.fields.tooManyCaregivers', params: { max: 3 } }]);
  });

  it('finds a duplicate whatever its case and spaces, and points at it', () => {
    expect(caregiverEmailErrors(['a@x.org', ' A@X.org '])).toEqual([
      { code: 'rules.fields.duplicateCaregiverEmail', params: { email: 'A@X.org', index: 1 } },
    ]);
  });

  it('has a schema for the addresses themselves', () => {
    expect(caregiverEmailsSchema.safeParse(['a@x.org']).success).toBe(true);
    expect(caregiverEmailsSchema.safeParse(['not-an-email']).success).toBe(false);
  });
});

describe('careManagerErrors', () => {
  const ccm = (ccmid: string) => ({ ccmid });
  it('accepts three, refuses four and repeated managers', () => {
    expect(careManagerErrors([ccm('a'), ccm('b'), ccm('c')])).toEqual([]);
    expect(careManagerErrors([ccm('a'), ccm('b'), ccm('c'), ccm('d')])).toEqual([{ code: 'rules.fields.tooManyCareManagers', params: { max: 3 } }]);
    expect(careManagerErrors([ccm('a'), ccm('a')])).toEqual([{ code: 'rules.fields.duplicateCareManager', params: { ccmid: 'a', index: 1 } }]);
  });
});

describe('externalIdConflict', () => {
  const active = { id: 'i1', Scope: 1, Status: 3, IdentityID: 'HB-1' };

  it('refuses a second active id on the same scope at creation', () => {
    expect(externalIdConflict('create', { Scope: 1, Status: 3, IdentityID: 'HB-2' }, [active])).toEqual({
      code: 'rules.fields.externalIdActiveOnCreate', params: { scope: 1 },
    });
  });

  it('refuses activating another id of the scope at modification', () => {
    expect(externalIdConflict('modify', { id: 'i2', Scope: 1, Status: 3, IdentityID: 'HB-2' }, [active, { ...active, id: 'i2', Status: 1 }])).toEqual({
      code: 'rules.fields.externalIdActiveOnModify', params: { scope: 1 },
    });
  });

  it('lets the active id itself be modified', () => {
    expect(externalIdConflict('modify', { ...active, IdentityID: 'HB-1b' }, [active])).toBeNull();
  });

  it('allows inactive ids and other scopes', () => {
    expect(externalIdConflict('create', { Scope: 1, Status: 1, IdentityID: 'HB-2' }, [active])).toBeNull();
    expect(externalIdConflict('create', { Scope: 2, Status: 3, IdentityID: 'S4H-1' }, [active])).toBeNull();
    expect(externalIdConflict('create', { Scope: 1, Status: 3, IdentityID: 'HB-2' }, [{ ...active, Status: 2 }])).toBeNull();
  });
});

describe('deviceSerialConflict', () => {
  const registered = [{ serial: 'SN-001', id: 'd1' }];
  it('refuses a serial already registered, whatever its case and surrounding spaces', () => {
    expect(deviceSerialConflict({ serial: ' sn-001' }, registered)).toEqual({
      code: 'rules.fields.deviceSerialConflict', params: { serial: 'sn-001' },
    });
  });

  it('refuses it even for a second device of the same participant: a serial is one physical device', () => {
    expect(deviceSerialConflict({ serial: 'SN-001', id: 'd2' }, registered)).not.toBeNull();
  });

  it('allows a device to keep its own serial, and new serials', () => {
    expect(deviceSerialConflict({ serial: 'sn-001 ', id: 'd1' }, registered)).toBeNull();
    expect(deviceSerialConflict({ serial: 'SN-002' }, registered)).toBeNull();
    expect(deviceSerialConflict({ serial: 'SN 001' }, registered)).toBeNull();
  });

  it('keys serials as the database index does (upper, trimmed of spaces)', () => {
    expect(deviceSerialKey('  ab-1 ')).toBe('AB-1');
  });
});

describe('phoneCountryCheck', () => {
  it.each([
    [{ number: '+30 210 0000000', country: 'GR' }, null],
    [{ number: '', country: null }, null],
    [{ number: null, country: undefined }, null],
    [{ number: '210 0000000', country: null }, 'rules.fields.phoneCountryRequired'],
    [{ number: '210 0000000', country: '' }, 'rules.fields.phoneCountryRequired'],
    [{ number: '210 0000000', country: 'Greece' }, 'rules.fields.phoneCountryRequired'],
  ])('%o → %s', (phone, code) => {
    expect(phoneCountryCheck(phone)?.code ?? null).toBe(code);
  });
});
