import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { parseRoles } from '@geria/domain';
import type { managedUserSchema } from '@geria/domain/rules/registration.ts';
import type { AppUser, Database } from '../db/types.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

/** An account as the API shows it (SPEC §3 "Managed user"); never the password hash. */
export type ManagedUser = z.infer<typeof managedUserSchema>;

const iso = (value: Date | string) => new Date(value).toISOString();

export function managedUser(row: AppUser): ManagedUser {
  return {
    id: row.id,
    username: row.username,
    firstName: row.given_name,
    lastName: row.family_name,
    email: row.email,
    organisation: row.organisation,
    roles: parseRoles(row.roles),
    requestedRole: row.requested_role,
    locked: row.locked,
    disabled: row.disabled,
    unverified: row.unverified,
    language: row.language,
    externalId: row.external_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
