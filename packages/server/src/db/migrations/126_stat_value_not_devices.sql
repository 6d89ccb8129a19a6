-- Home's values are what staff recorded, never a device's reading (issue 36): a smart scale sends
-- BMI with the clinical BMI's LOINC code (39156-5), and was indexed as the participant's latest BMI.
-- stats/values-index.ts now skips Observations with a `device`; the rows indexed before go, and the
-- latest value of every name is recomputed from what is left (stat_latest, migration 011).
delete from stat_value v using fhir_resource o
where o.resource_type = 'Observation' and o.id = v.observation_id and o.content ? 'device';

delete from stat_latest;
insert into stat_latest
select distinct on (patient_id, name) patient_id, name, organisation_id, value, coded, band, effective
from stat_value order by patient_id, name, effective desc nulls last, observation_id;
