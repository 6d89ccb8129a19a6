-- DiagnosticReport gains the `result` search parameter and AdverseEvent `substance`
-- (suspectEntity.instance), which _include/_revinclude follow (fhir/resource-types.ts, issue 35):
-- the resources stored before get their index keys as the server makes them for a reference
-- parameter: the parameter, and `name=Type/id` read from a relative or absolute literal reference
-- (fhir/references.ts parseReference: no contained '#', no urn:, an optional /_history/n dropped).
with refs as (
  select r.resource_type, r.id, p.name, substring(split_part(p.ref, '?', 1) from '([A-Z][A-Za-z]+/[A-Za-z0-9\-.]{1,64})(?:/_history/[^/]*)?$') as target
  from fhir_resource r
  cross join lateral (
    select 'result' as name, e->>'reference' as ref from jsonb_array_elements(case when jsonb_typeof(r.content->'result') = 'array' then r.content->'result' else '[]'::jsonb end) e
    where r.resource_type = 'DiagnosticReport'
    union all
    select 'substance', e->'instance'->>'reference' from jsonb_array_elements(case when jsonb_typeof(r.content->'suspectEntity') = 'array' then r.content->'suspectEntity' else '[]'::jsonb end) e
    where r.resource_type = 'AdverseEvent'
  ) p(name, ref)
  where r.resource_type in ('DiagnosticReport', 'AdverseEvent') and not r.deleted
    and p.ref is not null and p.ref not like '#%' and p.ref not like 'urn:%'
),
keys as (
  select resource_type, id, array_agg(distinct k) as added
  from refs cross join lateral unnest(array[name, name || '=' || target]) k
  where target is not null
  group by resource_type, id
)
update fhir_resource r set tokens = array(select distinct key from unnest(r.tokens || keys.added) key)
from keys
where r.resource_type = keys.resource_type and r.id = keys.id;
