import { AppError, conflict } from '../http/errors.ts';

/**
 * The constraints of 004_participants.sql that reject a concurrent or repeated claim, and the
 * message each answers with (SPEC §8). `action` tells a create from a modify where the spec words
 * them differently.
 */
const CONSTRAINT_MESSAGES: Record<string, { create: string; modify: string }> = {
  device_serial_key: { create: 'rules.fields.deviceSerialConflict', modify: 'rules.fields.deviceSerialConflict' },
  identity_active_scope_key: { create: 'rules.fields.externalIdActiveOnCreate', modify: 'rules.fields.externalIdActiveOnModify' },
  identity_value_key: { create: 'participants.errors.identityValueTaken', modify: 'participants.errors.identityValueTaken' },
};

/** Runs `write`; a unique violation (SQLSTATE 23505) of a known constraint becomes its 409. */
export async function withUniqueConflicts<T>(action: 'create' | 'modify', write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw toConflict(error, action) ?? error;
  }
}

export function toConflict(error: unknown, action: 'create' | 'modify'): AppError | null {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code !== '23505' || !constraint) return null;
  const message = CONSTRAINT_MESSAGES[constraint];
  return message ? conflict(message[action]) : conflict();
}
