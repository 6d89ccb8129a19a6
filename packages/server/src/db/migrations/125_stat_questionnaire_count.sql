-- Home's overview within 300 ms cold at 10 000 participants (issue 36).

-- "Questionnaire results" counted the responses by reading every QuestionnaireResponse's JSON (1.1 s
-- at 167 000 responses). Each participant's live responses per questionnaire (canonical URL without
-- its version) are counted as they are written (stats/resource-counts.ts, in the write's
-- transaction), as stat_resource_count counts resources per type; the backfill counts what was stored before.
create table stat_questionnaire_count (
  patient_id text not null,
  questionnaire text not null,
  n integer not null,
  primary key (patient_id, questionnaire)
);
insert into stat_questionnaire_count
select patient_id, split_part(content->>'questionnaire', '|', 1), count(*)::int from fhir_resource
where resource_type = 'QuestionnaireResponse' and not deleted and patient_id is not null and coalesce(content->>'questionnaire', '') <> ''
group by 1, 2;

-- "Last 7 days" counts the responses by their last update: after a bulk import every response was
-- updated recently, and the index by update (002's fhir_resource_org_updated) fetched each one's row
-- for its participant. This one answers the range from the index alone.
create index fhir_resource_response_updated on fhir_resource (organisation_id, last_updated) include (patient_id)
  where not deleted and resource_type = 'QuestionnaireResponse';
