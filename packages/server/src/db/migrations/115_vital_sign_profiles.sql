-- Vital signs declare their R4 profile (domain rules/vital-signs.ts asVitalSign, applied by every
-- FHIR write since issue 35): the Observations stored before get the same, in their current version
-- (current row and its history row, so a read and a vread agree) and in the search index, so that
-- `_profile` finds them. These functions are that rule, step for step; a test holds them to it.

create function pg_temp.geria_loinc_codes(concept jsonb) returns text[] language sql immutable as $$
  select coalesce(array_agg(c->>'code'), '{}') from jsonb_array_elements(
    case when jsonb_typeof(concept->'coding') = 'array' then concept->'coding' else '[]'::jsonb end) c
  where c->>'system' = 'http://loinc.org'
$$;

-- The concept with the required LOINC coding added after the others, unless it has it.
create function pg_temp.geria_with_coding(concept jsonb, code text, display text) returns jsonb language sql immutable as $$
  select case when code = any(pg_temp.geria_loinc_codes(concept)) then concept
    else coalesce(concept, '{}'::jsonb) || jsonb_build_object('coding',
      coalesce(concept->'coding', '[]'::jsonb) || jsonb_build_array(jsonb_build_object('system', 'http://loinc.org', 'code', code, 'display', display)))
  end
$$;

create function pg_temp.geria_has_value(e jsonb) returns boolean language sql immutable as $$
  select exists (select 1 from jsonb_object_keys(e) k where k like 'value%')
$$;

create function pg_temp.geria_quantity_conforms(e jsonb, unit text) returns boolean language sql immutable as $$
  select case when not pg_temp.geria_has_value(e) then e ? 'dataAbsentReason'
    else coalesce(jsonb_typeof(e->'valueQuantity'->'value') = 'number'
      and coalesce(e->'valueQuantity'->>'unit', '') <> ''
      and e->'valueQuantity'->>'system' = 'http://unitsofmeasure.org'
      and coalesce(e->'valueQuantity'->>'code', '') <> ''
      and (unit is null or e->'valueQuantity'->>'code' = unit), false)
  end
$$;

create function pg_temp.geria_bp_component(c jsonb) returns jsonb language sql immutable as $$
  select case
    when pg_temp.geria_loinc_codes(c->'code') && array['8480-6', '8459-0', '8460-8', '8461-6']
      then jsonb_set(c, '{code}', pg_temp.geria_with_coding(c->'code', '8480-6', 'Systolic blood pressure'))
    when pg_temp.geria_loinc_codes(c->'code') && array['8462-4', '8453-3', '8454-1', '8455-8']
      then jsonb_set(c, '{code}', pg_temp.geria_with_coding(c->'code', '8462-4', 'Diastolic blood pressure'))
    else c
  end
$$;

create function pg_temp.geria_as_vital_sign(o jsonb) returns jsonb language plpgsql immutable as $fn$
declare
  codes text[] := pg_temp.geria_loinc_codes(o->'code');
  s record;
  coded jsonb;
  specific boolean;
  profile text;
  profiles jsonb := coalesce(o->'meta'->'profile', '[]'::jsonb);
begin
  select * into s from (values
    (1, 'vitalspanel', '85353-1', 'Vital signs, weight, height, head circumference, oxygen saturation and BMI panel', null::text, null::text),
    (2, 'resprate', '9279-1', 'Respiratory rate', null, '/min'),
    (3, 'heartrate', '8867-4', 'Heart rate', null, '/min'),
    (4, 'oxygensat', '2708-6', 'Oxygen saturation in Arterial blood', '59408-5', '%'),
    (5, 'bodytemp', '8310-5', 'Body temperature', null, null),
    (6, 'bodyheight', '8302-2', 'Body height', null, null),
    (7, 'headcircum', '9843-4', 'Head Occipital-frontal circumference', null, null),
    (8, 'bodyweight', '29463-7', 'Body weight', null, null),
    (9, 'bmi', '39156-5', 'Body mass index (BMI) [Ratio]', null, 'kg/m2'),
    (10, 'bp', '85354-9', 'Blood pressure panel with all children optional', null, null)
  ) v(ord, profile, code, display, narrower, unit)
  where v.code = any(codes) or v.narrower = any(codes)
  order by (v.code = any(codes)) desc, v.ord
  limit 1;
  if not found or o->>'resourceType' <> 'Observation' then return o; end if;
  if not (o ? 'effectivePeriod' or (jsonb_typeof(o->'effectiveDateTime') = 'string' and length(o->>'effectiveDateTime') >= 10)) then return o; end if;

  coded := jsonb_set(o, '{code}', pg_temp.geria_with_coding(o->'code', s.code, s.display));
  if s.profile = 'bp' and jsonb_typeof(o->'component') = 'array' then
    coded := jsonb_set(coded, '{component}', coalesce((
      select jsonb_agg(pg_temp.geria_bp_component(c) order by i) from jsonb_array_elements(o->'component') with ordinality t(c, i)), '[]'::jsonb));
  end if;

  specific := case s.profile
    when 'vitalspanel' then coalesce(jsonb_array_length(coded->'hasMember') > 0, false)
    when 'bp' then not pg_temp.geria_has_value(coded) and (
      select bool_and(exists (
        select 1 from jsonb_array_elements(coalesce(coded->'component', '[]'::jsonb)) c
        where required = any(pg_temp.geria_loinc_codes(c->'code')) and pg_temp.geria_quantity_conforms(c, 'mm[Hg]')))
      from unnest(array['8480-6', '8462-4']) required)
    else pg_temp.geria_quantity_conforms(coded, s.unit)
  end;
  if specific then
    profile := 'http://hl7.org/fhir/StructureDefinition/' || s.profile;
  elsif pg_temp.geria_has_value(coded) or coded ? 'dataAbsentReason'
    or coalesce(jsonb_array_length(coded->'component') > 0, false) or coalesce(jsonb_array_length(coded->'hasMember') > 0, false) then
    profile := 'http://hl7.org/fhir/StructureDefinition/vitalsigns';
  else
    return o;
  end if;

  if not exists (select 1 from jsonb_array_elements(coalesce(o->'category', '[]'::jsonb)) cat, jsonb_array_elements(coalesce(cat->'coding', '[]'::jsonb)) x
    where x->>'system' = 'http://terminology.hl7.org/CodeSystem/observation-category' and x->>'code' = 'vital-signs') then
    coded := jsonb_set(coded, '{category}', coalesce(o->'category', '[]'::jsonb) || jsonb_build_array(jsonb_build_object('coding', jsonb_build_array(
      jsonb_build_object('system', 'http://terminology.hl7.org/CodeSystem/observation-category', 'code', 'vital-signs', 'display', 'Vital Signs')))));
  end if;
  if not profiles @> jsonb_build_array(profile) then profiles := profiles || jsonb_build_array(profile); end if;
  return jsonb_set(coded, '{meta}', coalesce(o->'meta', '{}'::jsonb) || jsonb_build_object('profile', profiles));
end
$fn$;

-- The index keys of the new content's profiles and codes, as the server makes them (resource-types.ts extractIndex).
create function pg_temp.geria_vital_sign_tokens(content jsonb) returns text[] language sql immutable as $$
  select array(
    select '_profile=' || p from jsonb_array_elements_text(content->'meta'->'profile') p
    union all select '_profile'
    union all select k from jsonb_array_elements(content->'code'->'coding') c,
      lateral unnest(array['code', 'code=' || (c->>'code'), 'code=' || coalesce(c->>'system', '') || '|' || (c->>'code')]
        || case when coalesce(c->>'system', '') <> '' then array['code=' || (c->>'system') || '|'] else array[]::text[] end) k
      where jsonb_typeof(c->'code') = 'string'
  )
$$;

with candidates as (
  select resource_type, id, version_id, content, pg_temp.geria_as_vital_sign(content) as profiled
  from fhir_resource
  where resource_type = 'Observation' and not deleted
    -- Only Observations coded as a vital sign (the GIN index on tokens finds them).
    and tokens && array['code=85353-1', 'code=9279-1', 'code=8867-4', 'code=2708-6', 'code=59408-5', 'code=8310-5', 'code=8302-2',
      'code=9843-4', 'code=29463-7', 'code=39156-5', 'code=85354-9']
), changed as (
  update fhir_resource r
  set content = c.profiled, tokens = array(select distinct k from unnest(r.tokens || pg_temp.geria_vital_sign_tokens(c.profiled)) k)
  from candidates c
  where r.resource_type = c.resource_type and r.id = c.id and c.profiled <> c.content
  returning r.resource_type, r.id, r.version_id, r.content
)
update fhir_history h set content = changed.content
from changed
where h.resource_type = changed.resource_type and h.id = changed.id and h.version_id = changed.version_id;

drop function pg_temp.geria_vital_sign_tokens(jsonb);
drop function pg_temp.geria_as_vital_sign(jsonb);
drop function pg_temp.geria_bp_component(jsonb);
drop function pg_temp.geria_quantity_conforms(jsonb, text);
drop function pg_temp.geria_has_value(jsonb);
drop function pg_temp.geria_with_coding(jsonb, text, text);
drop function pg_temp.geria_loinc_codes(jsonb);
