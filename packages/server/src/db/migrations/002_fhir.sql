-- FHIR R4 health data (DESIGN principle 2). Every write adds a row to fhir_history, which is never
-- updated; fhir_resource holds the current version of each resource with its search values,
-- extracted at write time. organisation_id is the managing organisation of the resource's patient
-- (NULL = shared: Questionnaire, ValueSet, unassigned Device).
create table fhir_resource (
  resource_type text not null,
  id text not null,
  version_id integer not null check (version_id > 0),
  last_updated timestamptz not null,
  deleted boolean not null default false,
  organisation_id integer,
  content jsonb,
  -- The Patient this resource belongs to (subject, patient or individual).
  patient_id text,
  encounter_id text,
  -- The type's clinical date (Observation effective, Encounter period, Patient birthDate ...) as a half-open range.
  date_start timestamptz,
  date_end timestamptz,
  -- Token, uri and reference search values as 'param=value', plus 'param' when the element is present.
  tokens text[] not null default '{}',
  primary key (resource_type, id),
  constraint fhir_resource_content check (deleted or content is not null)
);
create index fhir_resource_patient on fhir_resource (resource_type, patient_id, date_start) where not deleted;
create index fhir_resource_encounter on fhir_resource (resource_type, encounter_id) where not deleted and encounter_id is not null;
-- Date searches also ask whether [date_start, date_end) overlaps the searched range, which this index answers.
create index fhir_resource_date_range on fhir_resource using gist (tstzrange(date_start, date_end)) where not deleted;
create index fhir_resource_org_updated on fhir_resource (resource_type, organisation_id, last_updated) where not deleted;
create index fhir_resource_tokens on fhir_resource using gin (tokens) where not deleted;

create table fhir_history (
  resource_type text not null,
  id text not null,
  version_id integer not null,
  last_updated timestamptz not null,
  deleted boolean not null,
  organisation_id integer,
  content jsonb,
  -- One row per version: two writers can never both produce version n.
  primary key (resource_type, id, version_id)
);
create index fhir_history_type_updated on fhir_history (resource_type, last_updated desc);
