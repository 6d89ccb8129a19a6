-- Patient gains the `identifier` search parameter (fhir/resource-types.ts, issue 35: conditional create and
-- update by a registry's identifier): the Patients stored before get its index keys, as the server makes them
-- (as migration 091 did for Device: the parameter, its value alone, system|value with '' for no system, and system| when there is one).
update fhir_resource r set tokens = array(
  select distinct key from unnest(r.tokens || array(
    select k
    from jsonb_array_elements(r.content->'identifier') i,
      lateral unnest(array['identifier', 'identifier=' || (i->>'value'), 'identifier=' || coalesce(i->>'system', '') || '|' || (i->>'value')]
        || case when coalesce(i->>'system', '') <> '' then array['identifier=' || (i->>'system') || '|'] else array[]::text[] end) k
    where jsonb_typeof(i->'value') = 'string'
  )) key
)
where resource_type = 'Patient' and not deleted and jsonb_typeof(content->'identifier') = 'array';
