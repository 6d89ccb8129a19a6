-- Integration clients' secrets are kept as salted SHA-256 digests, never in plain text (issue 31):
-- `sha256$<salt, 32 hex>$<hex of sha256(salt || secret)>`, as auth/integration-clients.ts makes and
-- checks them. Secrets registered before are hashed here with a salt of their own; the check
-- constraint keeps any plain secret out from now on.
alter table oidc_client rename column client_secret to client_secret_hash;
update oidc_client c
  set client_secret_hash = 'sha256$' || s.salt || '$' || encode(sha256(convert_to(s.salt || c.client_secret_hash, 'UTF8')), 'hex')
  from (select client_id, replace(gen_random_uuid()::text, '-', '') as salt from oidc_client) s
  where s.client_id = c.client_id;
alter table oidc_client add constraint oidc_client_secret_hashed check (client_secret_hash ~ '^sha256\$[0-9a-f]{32}\$[0-9a-f]{64}$');
