import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, T | string, T | string>;

export interface AppUserTable {
  id: Generated<string>;
  username: string;
  email: string;
  given_name: string;
  family_name: string;
  organisation: string;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  requested_role: string | null;
  password_hash: string;
  locked: Generated<boolean>;
  disabled: Generated<boolean>;
  unverified: Generated<boolean>;
  language: Generated<string>;
  /** SCIM externalId, the provisioning client's own id of the account. */
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | string | null;
}

export interface OidcSecretTable {
  kind: string;
  value: Json;
  created_at: Timestamp;
}

export interface OidcClientTable {
  client_id: string;
  /** Salted SHA-256 of the secret (migration 030, auth/integration-clients.ts). */
  client_secret_hash: string;
  role: string;
  /** IntegrationPermission names (migration 031). */
  permissions: Generated<string[]>;
  organisation: string;
  description: Generated<string>;
  created_at: Timestamp;
  /** Migration 090: the name SysAdmin gave, how it authenticates, when disabled, a rotated secret's grace. */
  name: Generated<string>;
  kind: Generated<'oauth' | 'apikey'>;
  disabled_at: Date | null;
  previous_secret_hash: string | null;
  previous_secret_expires_at: Date | null;
  /** Migrations 140, 105: SubjectIdKind, the ids its Patient references carry. */
  subject_ids: Generated<'geria' | 'smart4health' | 'holobalance'>;
}

/** Requests per client and UTC day (migration 090). */
export interface IntegrationClientUsageTable {
  client_id: string;
  day: ColumnType<string, string, string>;
  requests: number;
  last_at: Date;
}

export interface AuditEventTable {
  id: Generated<number>;
  at: Timestamp;
  actor: string;
  actor_organisation: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Json | null;
  after: Json | null;
  details: Json | null;
  participant_id: string | null;
}

export interface SchemaMigrationTable {
  name: string;
  applied_at: Timestamp;
}

/** Hits of a rate-limited key in the window ending at resets_at (migration 101, http/rate-limit-store.ts). */
export interface RateLimitCounterTable {
  key: string;
  hits: number;
  resets_at: Timestamp;
}

/** When a periodic job last started, on whichever process (migration 102, db/periodic.ts). */
export interface PeriodicJobTable {
  name: string;
  last_started_at: Timestamp;
}

/**
 * Every table Kysely knows about. Each area adds its tables here next to its own migration.
 */
export interface Database {
  app_user: AppUserTable;
  oidc_payload: OidcPayloadTable;
  oidc_secret: OidcSecretTable;
  oidc_client: OidcClientTable;
  integration_client_usage: IntegrationClientUsageTable;
  audit_event: AuditEventTable;
  schema_migration: SchemaMigrationTable;
  rate_limit_counter: RateLimitCounterTable;
  periodic_job: PeriodicJobTable;
}

export type AppUser = Selectable<AppUserTable>;
export type NewAppUser = Insertable<AppUserTable>;
export type AppUserUpdate = Updateable<AppUserTable>;
