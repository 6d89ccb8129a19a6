-- Which ids an integration client's Patient references carry (issue 34 §3, domain SUBJECT_ID_KINDS):
-- Geria's participant ids, or the participant's active Smart4Health external id (the Citizen Hub
-- app knows no other) or HOLOBalance one (the balance platform's; see 105 for databases that ran
-- this file before it listed it), resolved by fhir/external-subjects.ts. Clients registered before use Geria's.
alter table oidc_client add column subject_ids text not null default 'geria' check (subject_ids in ('geria', 'smart4health', 'holobalance'));
-- Only a device-ingest client posts data its subject ids would name.
alter table oidc_client add constraint oidc_client_subject_ids_ingest check (subject_ids = 'geria' or 'devices.ingest' = any (permissions));
