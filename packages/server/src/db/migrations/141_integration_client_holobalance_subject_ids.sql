-- HOLOBalance subject ids (issue 34 §4): the balance platform names participants by their active
-- HOLOBalance external id (identity scope 1), resolved by fhir/external-subjects.ts as the
-- Citizen Hub's Smart4Health ids are (140).
alter table oidc_client drop constraint oidc_client_subject_ids_check;
alter table oidc_client add constraint oidc_client_subject_ids_check check (subject_ids in ('geria', 'smart4health', 'holobalance'));
