-- Posture in Home's device statistics (issue 34 §3): the hours of good and of poor posture of each
-- Citizen Hub posture Observation (SNOMED CT 51093005, 249858009; 24 samples of seconds per hour),
-- by the app's day (the date of its period's start as written). Kept by the statistics write hook
-- in the Observation's transaction (stats/posture-index.ts), so Home sums narrow rows and parses no
-- SampledData. The backfill computes the same for the Observations stored before this table.
create table stat_posture (
  observation_id text primary key,
  organisation_id integer,
  patient_id text not null,
  day date not null,
  kind text not null check (kind in ('good', 'poor')),
  hours double precision not null
);
create index stat_posture_org_day on stat_posture (organisation_id, day);

insert into stat_posture
select o.id, o.organisation_id, o.patient_id, left(o.content->'effectivePeriod'->>'start', 10)::date, k.kind,
  coalesce((select sum(s::float8) from regexp_split_to_table(btrim(o.content->'valueSampledData'->>'data'), '\s+') s
    where s ~ '^[0-9]+(\.[0-9]+)?$' and s::float8 <= 3600), 0) / 3600
from fhir_resource o
join (values ('51093005', 'good'), ('249858009', 'poor')) as k(code, kind)
  on o.content->'code'->'coding' @> jsonb_build_array(jsonb_build_object('system', 'http://snomed.info/sct', 'code', k.code))
where o.resource_type = 'Observation' and not o.deleted and o.patient_id is not null
  and o.content->'effectivePeriod'->>'start' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}'
on conflict (observation_id) do nothing;
