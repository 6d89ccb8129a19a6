-- The identifier a provisioning client (an institution's identity system) gives an account over SCIM
-- (RFC 7643 §3.1 externalId): kept as sent, so that the client finds its accounts again by it.
alter table app_user add column external_id text;
create index app_user_external_id on app_user (external_id) where external_id is not null;
