-- Home statistics within budget at 10 000 participants (issue 12): the dimensions the charts group
-- by, copied out of the FHIR JSON when the resources are written (stats/dimensions-index.ts keeps
-- them in the same transaction), so no request parses Encounters, Patients, profiling responses or
-- Conditions. The backfills below compute them for the resources stored before this migration
-- with the same rules as the write hook.

-- The assessment number (Encounter.type, assessment-number system) of the value's encounter: box
-- plots per assessment without a join to the Encounters. NULL without a numbered, live encounter.
alter table stat_value add column assessment integer;
create index stat_value_encounter on stat_value (encounter_id) where encounter_id is not null;
update stat_value v set assessment = n.number
from (
  select e.id, (select case when c->>'code' ~ '^[0-9]+$' then (c->>'code')::int end
    from jsonb_array_elements(case when jsonb_typeof(e.content->'type') = 'array' then e.content->'type' else '[]' end) t,
      jsonb_array_elements(case when jsonb_typeof(t->'coding') = 'array' then t->'coding' else '[]' end) c
    where c->>'system' = 'https://geria.example.org/fhir/CodeSystem/assessment-number' limit 1) as number
  from fhir_resource e where e.resource_type = 'Encounter' and not e.deleted
) n
where n.id = v.encounter_id;

-- One row per participant with a Patient or a profiling: gender and birth year of the live Patient
-- (`patient` false when there is none), and whether a profiling response exists.
create table stat_participant (
  patient_id text primary key,
  patient boolean not null,
  gender text,
  birth_year integer,
  profiled boolean not null
);
insert into stat_participant
select k.id, p.id is not null, p.content->>'gender',
  case when p.content->>'birthDate' ~ '^[0-9]{4}' then left(p.content->>'birthDate', 4)::int end,
  exists (select 1 from fhir_resource q where q.resource_type = 'QuestionnaireResponse' and q.patient_id = k.id and not q.deleted
    and 'questionnaire=https://geria.example.org/fhir/Questionnaire/profiling' = any(q.tokens))
from (
  select id from fhir_resource where resource_type = 'Patient' and not deleted
  union select patient_id from fhir_resource where resource_type = 'QuestionnaireResponse' and not deleted and patient_id is not null
    and 'questionnaire=https://geria.example.org/fhir/Questionnaire/profiling' = any(tokens)
) k
left join fhir_resource p on p.resource_type = 'Patient' and p.id = k.id and not p.deleted;

-- Each participant's comorbidities: the conditions answered yes in their latest profiling, and
-- their active Conditions of the study's list (domain CONDITIONS), each key once.
create table stat_condition (
  patient_id text not null,
  condition text not null,
  primary key (patient_id, condition)
);
insert into stat_condition
with profiled as (
  select distinct on (q.patient_id) q.patient_id as pid, q.content->'item' as item from fhir_resource q
  where q.resource_type = 'QuestionnaireResponse' and not q.deleted and q.patient_id is not null
    and 'questionnaire=https://geria.example.org/fhir/Questionnaire/profiling' = any(q.tokens)
  order by q.patient_id, q.last_updated desc)
select pid, i->>'linkId' from profiled, jsonb_array_elements(case when jsonb_typeof(item) = 'array' then item else '[]' end) i
where (i->'answer'->0->>'valueBoolean')::boolean and i->>'linkId' is not null
union
select c.patient_id, k.key from fhir_resource c
join (values
  ('http://snomed.info/sct', '38341003', 'hypertension'),
  ('http://snomed.info/sct', '53741008', 'coronaryArteryDisease'),
  ('http://snomed.info/sct', '22298006', 'myocardialInfarction'),
  ('http://snomed.info/sct', '703272007', 'heartFailureReduced'),
  ('http://snomed.info/sct', '446221000', 'heartFailurePreserved'),
  ('http://snomed.info/sct', '49436004', 'atrialFibrillation'),
  ('http://snomed.info/sct', '230690007', 'stroke'),
  ('http://snomed.info/sct', '399957001', 'peripheralArteryDisease'),
  ('http://snomed.info/sct', '370992007', 'dyslipidaemia'),
  ('http://snomed.info/sct', '44054006', 'diabetesType2'),
  ('http://snomed.info/sct', '709044004', 'chronicKidneyDisease'),
  ('http://snomed.info/sct', '13645005', 'copd'),
  ('http://snomed.info/sct', '396275006', 'osteoarthritis'),
  ('http://snomed.info/sct', '35489007', 'depression'),
  ('http://snomed.info/sct', '15188001', 'hearingLoss')
) as k(system, code, key) on k.system = c.content->'code'->'coding'->0->>'system' and k.code = c.content->'code'->'coding'->0->>'code'
where c.resource_type = 'Condition' and not c.deleted and c.patient_id is not null
  and c.content->'clinicalStatus'->'coding'->0->>'code' = 'active';

-- Usage counts of one organisation's resources by type, assessments and the last 7 days' values by
-- date: answered from this index alone (no row of JSON read), the participant scope joined on patient_id.
create index fhir_resource_org_type_date on fhir_resource (organisation_id, resource_type, date_start, patient_id) where not deleted;

-- Box plots per assessment read only this index (no row of stat_value): the values of one
-- organisation's names in assessment order, with the participant for the scope's join.
create index stat_value_box on stat_value (organisation_id, name, assessment) include (value, patient_id)
  where value is not null and assessment is not null;

-- The latest values read by organisation and name, every column the charts need included (index-only
-- scans), in place of the plain (organisation_id, name) index of migration 011.
create index stat_latest_cover on stat_latest (organisation_id, name) include (patient_id, value, coded, band);
drop index stat_latest_org_name;
