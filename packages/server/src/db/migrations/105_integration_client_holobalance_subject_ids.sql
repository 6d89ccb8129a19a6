-- HOLOBalance subject ids (issue 34 §4): the balance platform names participants by their active
-- HOLOBalance external id (identity scope 1), resolved by fhir/external-subjects.ts as the
-- Citizen Hub's Smart4Health ids are. This number sorts before 140, which adds the column: on a new
-- database 140 (which lists 'holobalance' itself) has not run yet and there is nothing to widen here;
-- on one that ran 140 before this file existed, its check is replaced by the wider one, so both end
-- with the same constraint.
do $$
begin
  if exists (select 1 from information_schema.columns where table_name = 'oidc_client' and column_name = 'subject_ids' and table_schema = current_schema()) then
    alter table oidc_client drop constraint oidc_client_subject_ids_check;
    alter table oidc_client add constraint oidc_client_subject_ids_check check (subject_ids in ('geria', 'smart4health', 'holobalance'));
  end if;
end
$$;
