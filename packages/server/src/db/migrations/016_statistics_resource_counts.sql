-- Home's "records per type" at 10 000 participants (issue 12): counting every live resource of the
-- pilot's participants took ~90 ms of the overview's budget. Each participant's live resources per
-- type are counted as they are written (stats/resource-counts.ts, in the write's transaction), so
-- the card sums a few rows per participant. The backfill counts what was stored before.
create table stat_resource_count (
  patient_id text not null,
  resource_type text not null,
  n integer not null,
  primary key (patient_id, resource_type)
);
insert into stat_resource_count
select patient_id, resource_type, count(*)::int from fhir_resource
where not deleted and patient_id is not null
group by patient_id, resource_type;
