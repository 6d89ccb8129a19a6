-- Integration clients managed by SysAdmin (issue 34): a name, a kind (OAuth client credentials or a
-- static API key), disabling, and a rotated secret's grace period (auth/integration-clients.ts).
-- Clients registered before keep their id as name and stay OAuth clients.
alter table oidc_client add column name text not null default '';
update oidc_client set name = client_id;
alter table oidc_client add column kind text not null default 'oauth' check (kind in ('oauth', 'apikey'));
alter table oidc_client add column disabled_at timestamptz;
-- After a rotation the previous secret works until previous_secret_expires_at; both or neither.
alter table oidc_client add column previous_secret_hash text
  check (previous_secret_hash ~ '^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$');
alter table oidc_client add column previous_secret_expires_at timestamptz;
alter table oidc_client add constraint oidc_client_previous_secret check ((previous_secret_hash is null) = (previous_secret_expires_at is null));

-- Requests a client made per UTC day, and its last one, counted when its credential is accepted.
-- Gone with the client.
create table integration_client_usage (
  client_id text not null references oidc_client (client_id) on delete cascade,
  day date not null,
  requests integer not null check (requests > 0),
  last_at timestamptz not null,
  primary key (client_id, day)
);
