-- Device gains the `identifier` search parameter (fhir/resource-types.ts, issue 34): the Devices
-- stored before get its index keys, as the server makes them (buildSearchIndex: the parameter, its
-- value alone, system|value with '' for no system, and system| when there is one).
update fhir_resource r set tokens = array(
  select distinct key from unnest(r.tokens || array(
    select k
    from jsonb_array_elements(r.content->'identifier') i,
      lateral unnest(array['identifier', 'identifier=' || (i->>'value'), 'identifier=' || coalesce(i->>'system', '') || '|' || (i->>'value')]
        || case when coalesce(i->>'system', '') <> '' then array['identifier=' || (i->>'system') || '|'] else array[]::text[] end) k
    where jsonb_typeof(i->'value') = 'string'
  )) key
)
where resource_type = 'Device' and not deleted and jsonb_typeof(content->'identifier') = 'array';
