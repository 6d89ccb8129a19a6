import { z } from 'zod';
import { IDENTITY_STATUS_ACTIVE, MAX_CARE_MANAGERS, MAX_EXTERNAL_CAREGIVERS } from '../reference/constants.ts';
import type { RuleMessage } from './rule-message.ts';

/** Patient record fields with rules of their own (SPEC §5 "Field rules"). */

const normalisedEmail = (email: string) => email.trim().toLowerCase();

export const caregiverEmailsSchema = z.array(z.email());

/** At most 3 external caregivers; a repeated address (case and spaces ignored) must be fixed or deleted. */
export function caregiverEmailErrors(emails: readonly string[]): RuleMessage[] {
  const errors: RuleMessage[] = [];
  if (emails.length > MAX_EXTERNAL_CAREGIVERS)
    errors.push({ code: 'rules.fields.tooManyCaregivers', params: { max: MAX_EXTERNAL_CAREGIVERS } });
  const seen = new Set<string>();
  emails.forEach((email, index) => {
    const key = normalisedEmail(email);
    if (seen.has(key)) errors.push({ code: 'rules.fields.duplicateCaregiverEmail', params: { email: email.trim(), index } });
    seen.add(key);
  });
  return errors;
}

export const careManagerSchema = z.object({ ccmid: z.string().min(1), accepted: z.boolean(), notifications: z.boolean() });
export const careManagersSchema = z.array(careManagerSchema);
export type CareManager = z.infer<typeof careManagerSchema>;

/** At most 3 care-centre managers per patient, each once. */
export function careManagerErrors(managers: readonly Pick<CareManager, 'ccmid'>[]): RuleMessage[] {
  const errors: RuleMessage[] = [];
  if (managers.length > MAX_CARE_MANAGERS) errors.push({ code: 'rules.fields.tooManyCareManagers', params: { max: MAX_CARE_MANAGERS } });
  const seen = new Set<string>();
  managers.forEach(({ ccmid }, index) => {
    if (seen.has(ccmid)) errors.push({ code: 'rules.fields.duplicateCareManager', params: { ccmid, index } });
    seen.add(ccmid);
  });
  return errors;
}

export const identitySchema = z.object({
  /** Record id; absent for a new external id. */
  id: z.string().min(1).optional(),
  Scope: z.number().int(),
  Status: z.number().int(),
  IdentityID: z.string().min(1),
});
export type Identity = z.infer<typeof identitySchema>;

/**
 * Only one active external id per scope: an active id being created or modified conflicts with
 * another active id of the same scope (the record being modified is not "another").
 */
export function externalIdConflict(action: 'create' | 'modify', identity: Identity, existing: readonly Identity[]): RuleMessage | null {
  if (identity.Status !== IDENTITY_STATUS_ACTIVE) return null;
  const clash = existing.some((other) =>
    other.Scope === identity.Scope && other.Status === IDENTITY_STATUS_ACTIVE && !(action === 'modify' && other.id === identity.id));
  if (!clash) return null;
  return {
    code: action === 'create' ? 'rules.fields.externalIdActiveOnCreate' : 'rules.fields.externalIdActiveOnModify',
    params: { scope: identity.Scope },
  };
}

/**
 * A serial number identifies one physical device, so it is unique across all devices of all
 * participants (the same participant may not register it twice either). Spaces around it and
 * letter case do not make a new serial: the database index device_serial_key is built on the same
 * expression, upper(btrim(serial)), and guarantees the rule under concurrent requests.
 */
export const deviceSerialKey = (serial: string) => serial.replace(/^ +| +$/g, '').toUpperCase();

export function deviceSerialConflict(
  device: { serial: string; id?: string },
  registered: readonly { serial: string; id: string }[],
): RuleMessage | null {
  const key = deviceSerialKey(device.serial);
  const taken = registered.some((other) => deviceSerialKey(other.serial) === key && other.id !== device.id);
  return taken ? { code: 'rules.fields.deviceSerialConflict', params: { serial: device.serial.trim() } } : null;
}

/** Messages of the phone field; the number itself is validated by the server with libphonenumber-js. */
export const PHONE_MESSAGES = {
  invalid: 'rules.fields.phoneInvalid',
  countryRequired: 'rules.fields.phoneCountryRequired',
} as const;

/** A phone number needs the country its prefix belongs to (ISO 3166-1 alpha-2). */
export function phoneCountryCheck(phone: { number: string | null | undefined; country: string | null | undefined }): RuleMessage | null {
  if (!phone.number?.trim()) return null;
  return /^[A-Z]{2}$/.test(phone.country ?? '') ? null : { code: PHONE_MESSAGES.countryRequired };
}
