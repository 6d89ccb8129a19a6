import { z } from 'zod';
import { isLanguage, type Language } from '@geria/domain';
import { passwordProblems, USERNAME_PATTERN } from '@geria/domain/rules/registration.ts';
import { SCHEMA } from './scim-resources.ts';

/** A SCIM failure with its HTTP status and `scimType` (RFC 7644 §3.12). */
export class ScimError extends Error {
  /** `allow`: the methods of the path, sent with a 405. */
  constructor(readonly status: number, readonly scimType: string | undefined, readonly detail: string, readonly allow?: string) {
    super(detail);
  }
}

const flag = z.union([z.boolean(), z.enum(['true', 'false', 'True', 'False'])]).transform((v) => v === true || v === 'true' || v === 'True');

/** The User attributes Geria keeps; anything else a client sends (meta, displayName, …) is ignored. */
const userAttributes = z.looseObject({
  userName: z.string().optional(),
  externalId: z.string().trim().min(1).max(255).nullable().optional(),
  name: z.looseObject({ givenName: z.string().optional(), familyName: z.string().optional() }).optional(),
  emails: z.array(z.looseObject({ value: z.string(), primary: flag.optional() })).optional(),
  active: flag.optional(),
  password: z.string().optional(),
  preferredLanguage: z.string().optional(),
  [SCHEMA.enterprise]: z.looseObject({ organization: z.string().optional() }).optional(),
});
type UserAttributes = z.infer<typeof userAttributes>;

export interface UserFields {
  username?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  organisation?: string;
  active?: boolean;
  password?: string;
  language?: Language;
  /** null clears it. */
  externalId?: string | null;
}

function readAttributes(body: unknown): UserAttributes {
  const parsed = userAttributes.safeParse(body);
  if (!parsed.success) throw new ScimError(400, 'invalidValue', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}

/** The fields of a SCIM User body (POST, PUT), as Geria names them. */
export function userFields(body: unknown): UserFields {
  const attrs = readAttributes(body);
  const email = attrs.emails?.find((e) => e.primary) ?? attrs.emails?.[0];
  if (attrs.userName !== undefined && !USERNAME_PATTERN.test(attrs.userName)) throw new ScimError(400, 'invalidValue', 'userName: 3 to 64 letters, digits or . _ @ -');
  if (attrs.password !== undefined) {
    const problems = passwordProblems(attrs.password, { username: attrs.userName, email: email?.value });
    if (problems.length) throw new ScimError(400, 'invalidValue', `password: ${problems.map((p) => p.code).join(', ')}`);
  }
  return {
    username: attrs.userName,
    firstName: attrs.name?.givenName,
    lastName: attrs.name?.familyName,
    email: email?.value,
    organisation: attrs[SCHEMA.enterprise]?.organization,
    active: attrs.active,
    password: attrs.password,
    language: isLanguage(attrs.preferredLanguage?.slice(0, 2)) ? attrs.preferredLanguage.slice(0, 2) as Language : undefined,
    externalId: attrs.externalId,
  };
}

const patchOp = z.object({
  op: z.string().transform((op) => op.toLowerCase()).pipe(z.enum(['add', 'replace', 'remove'])),
  path: z.string().optional(),
  value: z.unknown().optional(),
});
export const patchRequest = z.looseObject({ Operations: z.array(patchOp).min(1).max(100) });
export type PatchOperation = z.infer<typeof patchOp>;

export function readPatch(body: unknown): PatchOperation[] {
  const parsed = patchRequest.safeParse(body);
  if (!parsed.success) throw new ScimError(400, 'invalidSyntax', 'a PatchOp with Operations [{ op: add | replace | remove, path, value }] is expected');
  return parsed.data.Operations;
}

const CORE_PREFIX = `${SCHEMA.user.toLowerCase()}:`;
const ENTERPRISE = SCHEMA.enterprise.toLowerCase();
// Derived from other attributes or kept by the server: a client may send them back as it read them.
const READ_ONLY = new Set(['displayname', 'name.formatted', 'schemas', 'id', 'meta']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where a PATCH path (or, for an operation without path, a key of its value: RFC 7644 §3.5.2.1 and
 * §3.5.2.3) writes in a User body; the attributes Geria keeps. A complex value (name, the enterprise
 * extension) is taken attribute by attribute, so the sub-attributes it does not name stay as they are.
 */
function setUserPath(target: Record<string, unknown>, path: string, value: unknown) {
  let lower = path.trim().toLowerCase();
  if (lower.startsWith(CORE_PREFIX)) lower = lower.slice(CORE_PREFIX.length);
  if (lower === ENTERPRISE || lower === 'name') {
    if (!isObject(value)) throw new ScimError(400, 'invalidValue', `"${path}" takes an object`);
    for (const [key, inner] of Object.entries(value)) setUserPath(target, `${lower === 'name' ? 'name.' : `${SCHEMA.enterprise}:`}${key}`, inner);
  } else if (lower === 'active' || lower === 'username' || lower === 'preferredlanguage' || lower === 'externalid') {
    target[{ active: 'active', username: 'userName', preferredlanguage: 'preferredLanguage', externalid: 'externalId' }[lower]!] = value;
  } else if (lower === 'name.givenname' || lower === 'name.familyname') {
    target.name = { ...(target.name as object), [lower === 'name.givenname' ? 'givenName' : 'familyName']: value };
  } else if (lower === 'emails') {
    target.emails = Array.isArray(value) ? value : [isObject(value) ? value : { value, primary: true }];
  } else if (/^emails(\[[^\]]*\])?\.value$/.test(lower)) {
    target.emails = [{ value, primary: true }];
  } else if (lower === `${ENTERPRISE}:organization`) {
    target[SCHEMA.enterprise] = { organization: value };
  } else if (lower === 'groups') {
    throw new ScimError(400, 'mutability', 'groups is read-only: change the members of a Group instead');
  } else if (!READ_ONLY.has(lower)) {
    throw new ScimError(400, 'invalidPath', `path "${path}" is not supported`);
  }
}

/**
 * A User PATCH as the partial User body it amounts to. Only externalId can be removed: the other
 * attributes Geria keeps are required. A password is set when an account is created, not patched.
 */
export function userPatchFields(operations: PatchOperation[]): UserFields {
  const body: Record<string, unknown> = {};
  for (const operation of operations) {
    if (operation.op === 'remove') {
      const path = operation.path?.trim().toLowerCase().replace(CORE_PREFIX, '');
      if (path !== 'externalid') throw new ScimError(400, 'mutability', 'the attributes of a Geria user are required and cannot be removed');
      body.externalId = null;
    } else if (operation.path) setUserPath(body, operation.path, operation.value);
    else if (isObject(operation.value)) {
      for (const [key, value] of Object.entries(operation.value)) setUserPath(body, key, value);
    } else throw new ScimError(400, 'invalidValue', 'an operation without path needs an object value');
  }
  return userFields(body);
}

const memberValues = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((m) => (typeof m === 'object' && m !== null ? String((m as { value?: unknown }).value ?? '') : String(m))).filter(Boolean);
};

/** The member ids a Group PATCH adds and removes; `replace` of members gives the whole new list. */
export function groupPatch(operations: PatchOperation[]): { add: string[]; remove: string[]; replace?: string[] } {
  const out: { add: string[]; remove: string[]; replace?: string[] } = { add: [], remove: [] };
  for (const operation of operations) {
    const path = operation.path?.trim() ?? '';
    const filtered = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i.exec(path);
    const value = !path && operation.value && typeof operation.value === 'object' ? (operation.value as { members?: unknown }).members : operation.value;
    if (!filtered && path && path.toLowerCase() !== 'members') throw new ScimError(400, 'invalidPath', `path "${path}" is not supported: only members can change`);
    if (operation.op === 'remove') out.remove.push(...(filtered ? [filtered[1]] : memberValues(value)));
    else if (operation.op === 'add') out.add.push(...memberValues(value));
    else out.replace = memberValues(value);
  }
  return out;
}
