-- Accounts of the embedded identity provider. Roles are study roles (SPEC §6); a new registration
-- stays locked until an administrator unlocks it (SPEC §4).
create table app_user (
  id uuid primary key default gen_random_uuid(),
  username text not null,
  email text not null,
  given_name text not null,
  family_name text not null,
  organisation text not null,
  roles text[] not null default '{}',
  requested_role text,
  password_hash text not null,
  locked boolean not null default false,
  disabled boolean not null default false,
  unverified boolean not null default false,
  language text not null default 'en',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint app_user_username_format check (username ~ '^[A-Za-z0-9._@-]{3,64}$')
);
create unique index app_user_username_key on app_user (lower(username));
create unique index app_user_email_key on app_user (lower(email));

-- oidc-provider's storage (sessions, grants, codes, refresh tokens, interactions), so a restart logs nobody out.
create table oidc_payload (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  primary key (model, id)
);
create index oidc_payload_grant on oidc_payload (grant_id) where grant_id is not null;
create index oidc_payload_uid on oidc_payload (uid) where uid is not null;
create index oidc_payload_user_code on oidc_payload (user_code) where user_code is not null;
create index oidc_payload_expires on oidc_payload (expires_at);

-- Signing keys (private JWKs) and cookie secrets of the embedded issuer, created on first start.
create table oidc_secret (
  kind text primary key,
  value jsonb not null,
  created_at timestamptz not null default now()
);

-- Confidential clients for integrations (client-credentials grant), each acting with one role and organisation.
create table oidc_client (
  client_id text primary key,
  client_secret text not null,
  role text not null,
  organisation text not null,
  description text not null default '',
  created_at timestamptz not null default now()
);

-- The audit trail: who did what, when, with the state before and after (DESIGN principle 6).
create table audit_event (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor text not null,
  actor_organisation text,
  action text not null,
  entity_type text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  details jsonb
);
create index audit_event_entity on audit_event (entity_type, entity_id, at desc);
create index audit_event_actor on audit_event (actor, at desc);
