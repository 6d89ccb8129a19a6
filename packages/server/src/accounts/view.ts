import type { Kysely, Transaction } from 'kysely';
import { parseRoles, type Role } from '@geria/domain';
import type { AppUser, Database } from '../db/types.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

/** An account as the API shows it (SPEC §3 "Managed user"); never the password hash. */
export interface ManagedUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  organisation: string;
  roles: Role[];
  requestedRole: string | null;
  locked: boolean;
  disabled: boolean;
  unverified: boolean;
  language: string;
  /** The id a SCIM provisioning client gave the account, if any. */
  externalId: string | null;
  createdAt: string;
  updatedAt: string;
}

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
