-- An integration client's narrow permissions besides its role (domain access/integration-permissions.ts),
-- e.g. the participants' app reading its intervention notifications (issue 31). Clients registered
-- before have none.
alter table oidc_client add column permissions text[] not null default '{}';
