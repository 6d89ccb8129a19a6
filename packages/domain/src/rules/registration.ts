import { z } from 'zod';
import { ROLES, toRole, type Role } from '../access/roles.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { organisationByAbbr } from '../reference/user-organisation.ts';
import type { RuleMessage } from './rule-message.ts';

/**
 * Account rules (SPEC §3 "Managed user", §4 "User registration", §5, §6): what a registration must
 * hold, how strong a password must be, and what an administrator may change. Messages are catalogue
 * keys of the accounts area; zod issues carry them as their `message` so the API and the forms show
 * the same text.
 */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
/** A passphrase this long needs no mix of character kinds. */
export const PASSPHRASE_LENGTH = 16;
export const PASSWORD_MIN_KINDS = 3;
/** Same pattern as the database's check on app_user.username. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,64}$/;
export const REJECTION_REASON_MAX = 1000;

// The most common passwords that would pass the length and kind rules.
const COMMON_PASSWORDS = new Set([
  'password123!', 'password1234', 'p@ssw0rd123', 'p@ssword123', 'qwerty12345!', 'qwertyuiop1!', 'welcome123!',
  'administrator1', 'letmein12345', '1q2w3e4r5t6y', 'passw0rd!23', 'iloveyou123!', 'changeme123!', 'password2026!',
]);

export interface PasswordContext {
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

const characterKinds = (password: string) =>
  [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;

/**
 * Why a password is too weak, empty when it is strong enough: long enough, a mix of at least three
 * character kinds unless it is a long passphrase, not a well-known password, and not built on the
 * person's own username, e-mail name or names.
 */
export function passwordProblems(password: string, context: PasswordContext = {}): RuleMessage[] {
  const problems: RuleMessage[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push({ code: 'accounts.rules.passwordTooShort', params: { min: PASSWORD_MIN_LENGTH } });
  if (password.length > PASSWORD_MAX_LENGTH) problems.push({ code: 'accounts.rules.passwordTooLong', params: { max: PASSWORD_MAX_LENGTH } });
  if (password.length < PASSPHRASE_LENGTH && characterKinds(password) < PASSWORD_MIN_KINDS) {
    problems.push({ code: 'accounts.rules.passwordTooSimple', params: { kinds: PASSWORD_MIN_KINDS, length: PASSPHRASE_LENGTH } });
  }
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) problems.push({ code: 'accounts.rules.passwordCommon' });
  const personal = [context.username, context.email?.split('@')[0], context.firstName, context.lastName]
    .map((part) => part?.trim().toLowerCase() ?? '')
    .filter((part) => part.length >= 3);
  if (personal.some((part) => lower.includes(part))) problems.push({ code: 'accounts.rules.passwordPersonal' });
  return problems;
}

const name = z.string().trim().min(1, { message: 'validation.required' }).max(100);
const email = z.string().trim().max(254).pipe(z.email({ message: 'validation.email' })).transform((value) => value.toLowerCase());
const username = z.string().trim().refine((value) => USERNAME_PATTERN.test(value), { message: 'accounts.rules.usernameFormat' });

const organisation = z.string().trim()
  .refine((abbr) => organisationByAbbr(abbr) !== undefined, { message: 'accounts.rules.unknownOrganisation' })
  .transform((abbr) => organisationByAbbr(abbr)!.abbr);

const role = z.string()
  .refine((value) => value.trim() !== '', { message: 'accounts.rules.roleRequired' })
  .refine((value) => value.trim() === '' || toRole(value) !== undefined, { message: 'accounts.rules.unknownRole' })
  .transform((value) => toRole(value) as Role);

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

// Password checks run even when other fields are invalid, so a form shows every problem at once.
const passwordsPresent = { when: (payload: { value: unknown }) => {
  const value = payload.value as { password?: unknown; passwordConfirmation?: unknown } | undefined;
  return typeof value?.password === 'string' && typeof value.passwordConfirmation === 'string';
} };

function addPasswordIssues(ctx: z.RefinementCtx, password: string, confirmation: string, context: PasswordContext) {
  for (const problem of passwordProblems(password, context)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: problem.code, params: problem.params });
  }
  if (password !== confirmation) ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'accounts.rules.passwordMismatch' });
}

/** The registration form (SPEC §2, §5): all fields, a strong confirmed password and the privacy policy agreed. */
export const registrationSchema = z.object({
  firstName: name,
  lastName: name,
  username,
  email,
  organisation,
  requestedRole: role,
  password: z.string(),
  passwordConfirmation: z.string(),
  privacyPolicyAgreed: z.boolean().refine((agreed) => agreed, { message: 'accounts.rules.privacyNotAgreed' }),
  language: z.enum(LANGUAGES).optional(),
}).strict().superRefine((value, ctx) => {
  addPasswordIssues(ctx, value.password, value.passwordConfirmation, {
    username: text(value.username), email: text(value.email), firstName: text(value.firstName), lastName: text(value.lastName),
  });
}, passwordsPresent);
export type Registration = z.infer<typeof registrationSchema>;
export type RegistrationInput = z.input<typeof registrationSchema>;

/** A new password chosen through a reset link; its strength is checked against the account it belongs to. */
export const newPasswordSchema = (context: PasswordContext) => z.object({
  password: z.string(),
  passwordConfirmation: z.string(),
}).strict().superRefine((value, ctx) => addPasswordIssues(ctx, value.password, value.passwordConfirmation, context), passwordsPresent);

/** What an administrator may change on an account (SPEC §3 "Managed user"); every field is optional. */
export const managedUserChangeSchema = z.object({
  firstName: name,
  lastName: name,
  email,
  organisation,
  roles: z.array(role).max(ROLES.length).transform((roles) => [...new Set(roles)]),
  locked: z.boolean(),
  disabled: z.boolean(),
  unverified: z.boolean(),
}).partial().strict();
export type ManagedUserChange = z.infer<typeof managedUserChangeSchema>;

export const rejectionSchema = z.object({ reason: z.string().trim().min(1).max(REJECTION_REASON_MAX) }).strict();

export interface Administrator {
  sub: string;
  roles: readonly Role[];
}

/**
 * Changes an administrator may not make (SPEC §6 and issue rules): nobody locks, disables or
 * un-verifies their own account; a SysAdmin keeps their own SysAdmin role; and only a SysAdmin grants,
 * removes or edits the SysAdmin role, so a Tester cannot raise anyone (or themselves) to it.
 */
export function administrationRefusal(
  actor: Administrator,
  target: { id: string; roles: readonly Role[] },
  change: Pick<ManagedUserChange, 'roles' | 'locked' | 'disabled' | 'unverified'>,
): RuleMessage | null {
  const self = actor.sub === target.id;
  if (self && (change.locked || change.disabled || change.unverified)) return { code: 'accounts.rules.cannotLockSelf' };
  const removesSysAdmin = change.roles !== undefined && target.roles.includes('SysAdmin') && !change.roles.includes('SysAdmin');
  if (self && removesSysAdmin) return { code: 'accounts.rules.cannotDropOwnSysAdmin' };
  const actorIsSysAdmin = actor.roles.includes('SysAdmin');
  const grantsSysAdmin = change.roles?.includes('SysAdmin') && !target.roles.includes('SysAdmin');
  if (!actorIsSysAdmin && (grantsSysAdmin || removesSysAdmin || target.roles.includes('SysAdmin'))) {
    return { code: 'accounts.rules.sysAdminOnly' };
  }
  return null;
}

/** An account as the API shows it (SPEC §3 "Managed user"); never the password hash. */
export const managedUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  organisation: z.string(),
  roles: z.array(z.enum(ROLES)),
  requestedRole: z.string().nullable(),
  locked: z.boolean(),
  disabled: z.boolean(),
  unverified: z.boolean(),
  language: z.string(),
  /** The id a SCIM provisioning client gave the account, if any. */
  externalId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const managedUserPageSchema = z.object({ items: z.array(managedUserSchema), total: z.number().int() });
export const approvalTasksSchema = z.object({
  items: z.array(z.object({ id: z.string(), createdAt: z.string(), user: managedUserSchema })),
  total: z.number().int(),
});
/** An outcome told to the user: a key of the message catalogue. */
export const outcomeSchema = z.object({ code: z.string() });
export const registrationOutcomeSchema = z.object({ status: z.literal('pending'), code: z.string(), username: z.string() });
export const userChangeOutcomeSchema = z.object({ code: z.string(), reminder: z.string().optional(), user: managedUserSchema });
export const userRolesSchema = z.object({ username: z.string(), organisation: z.string(), roles: z.array(z.enum(ROLES)) });
