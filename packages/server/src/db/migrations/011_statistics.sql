-- The values the Home statistics aggregate (issue 12): one narrow row per Observation of a charted
-- code (score totals derived from questionnaire responses, falls, BMI, activity, smoking), kept by
-- the statistics area's FHIR write hook in the same transaction as the Observation. Aggregating
-- these rows instead of parsing every Observation's JSON keeps the Home tabs within their budget
-- at 10 000 participants. `name` is the statistics' short name of the code (stats/queries.ts).
create table stat_value (
  observation_id text primary key,
  organisation_id integer,
  patient_id text not null,
  encounter_id text,
  name text not null,
  value double precision,
  coded text,
  band text,
  effective timestamptz
);
create index stat_value_latest on stat_value (organisation_id, name, patient_id, effective desc);

-- Observations stored before this table: the codes of stats/queries.ts VALUE_CODES at the time.
insert into stat_value
select o.id, o.organisation_id, o.patient_id, o.encounter_id, k.name,
  coalesce((o.content->'valueQuantity'->>'value')::float8, (o.content->>'valueInteger')::float8),
  o.content->'valueCodeableConcept'->'coding'->0->>'code', o.content->'interpretation'->0->'coding'->0->>'code', o.date_start
from fhir_resource o
join (values
  ('https://geria.example.org/fhir/CodeSystem/instrument-score', 'phq9', 'phq9'),
  ('https://geria.example.org/fhir/CodeSystem/instrument-score', 'phq9.item9Alert', 'phq9Item9'),
  ('https://geria.example.org/fhir/CodeSystem/instrument-score', 'eq5d5l.vas', 'eqVas'),
  ('https://geria.example.org/fhir/CodeSystem/instrument-score', 'eq5d5l.index.EN', 'eqIndex'),
  ('https://geria.example.org/fhir/CodeSystem/instrument-score', 'moca', 'moca'),
  ('https://geria.example.org/fhir/CodeSystem/instrument-score', 'fesi', 'fesi'),
  ('https://geria.example.org/fhir/CodeSystem/instrument-score', 'abc', 'abc'),
  ('https://geria.example.org/fhir/CodeSystem/instrument-score', 'fga', 'fga'),
  ('https://geria.example.org/fhir/CodeSystem/instrument-score', 'minibest', 'minibest'),
  ('https://geria.example.org/fhir/CodeSystem/instrument-score', 'gds15', 'gds15'),
  ('https://geria.example.org/fhir/CodeSystem/instrument-score', 'iadl', 'iadl'),
  ('https://geria.example.org/fhir/CodeSystem/instrument-score', 'efs', 'efs'),
  ('https://geria.example.org/fhir/CodeSystem/geria-observation', 'falls-last-year', 'falls'),
  ('http://loinc.org', '39156-5', 'bmi'),
  ('http://loinc.org', '82290-8', 'activity'),
  ('http://loinc.org', '72166-2', 'smoking')
) as k(system, code, name) on k.system = o.content->'code'->'coding'->0->>'system' and k.code = o.content->'code'->'coding'->0->>'code'
where o.resource_type = 'Observation' and not o.deleted and o.patient_id is not null;

-- Each participant's latest value of each name (by effective date), kept with stat_value: most Home
-- charts read only the latest value, and reading it here needs no sort over every value.
create table stat_latest (
  patient_id text not null,
  name text not null,
  organisation_id integer,
  value double precision,
  coded text,
  band text,
  effective timestamptz,
  primary key (patient_id, name)
);
create index stat_latest_org_name on stat_latest (organisation_id, name);

insert into stat_latest
select distinct on (patient_id, name) patient_id, name, organisation_id, value, coded, band, effective
from stat_value order by patient_id, name, effective desc nulls last, observation_id;
