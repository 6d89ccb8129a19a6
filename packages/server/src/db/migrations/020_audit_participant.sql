-- The participant an audit record is about (issue 31). An erasure redacts exactly these records:
-- matching the erased FHIR resources' ids instead also blanked records about any other entity whose
-- id a client had reused (an Observation PUT with another organisation's participant id as its id).
-- The server fills it from what it wrote (the participant, the Patient a resource is about, the
-- participant a device or an intervention rule belongs to), never from an id a client chose.
alter table audit_event add column participant_id text;

-- Records written before: the participant as the server would have named it. The append-only
-- trigger lets this through only with the redaction flag on (it does not know the new column yet).
select set_config('geria.audit_redaction', 'on', true);
update audit_event set participant_id = coalesce(
  details->>'participantId',
  case when entity_type = 'participant' or (entity_type = 'Patient' and action like 'fhir.%') then entity_id end,
  case when action like 'fhir.%' then substring(coalesce(
    coalesce(after, before)->'subject'->>'reference', coalesce(after, before)->'patient'->>'reference', coalesce(after, before)->'individual'->>'reference'
  ) from '^Patient/([^/]+)$') end,
  case when entity_type = 'intervention_rule' and coalesce(after, before)->'target'->>'kind' = 'participant' then coalesce(after, before)->'target'->>'participantId' end
);
select set_config('geria.audit_redaction', 'off', true);

-- From now on the redaction may blank the content only: the participant stays too.
create or replace function audit_event_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and current_setting('geria.audit_redaction', true) = 'on'
     and new.id = old.id and new.at = old.at and new.actor = old.actor and new.action = old.action
     and new.entity_type = old.entity_type and new.entity_id is not distinct from old.entity_id
     and new.actor_organisation is not distinct from old.actor_organisation
     and new.participant_id is not distinct from old.participant_id then
    return new;
  end if;
  raise exception 'audit_event is append-only' using errcode = 'insufficient_privilege';
end $$;

-- The viewer's participant filter and the erasure find the records by this column now.
drop index audit_event_participant;
create index audit_event_participant_id on audit_event (participant_id) where participant_id is not null;

drop function gdpr_redact_audit(text[], text, bigint);
create function gdpr_redact_audit(participant text, request_id bigint) returns integer language plpgsql as $$
declare changed integer;
begin
  perform set_config('geria.audit_redaction', 'on', true);
  update audit_event set
    before = case when before is null then null else jsonb_build_object('redacted', request_id) end,
    after = case when after is null then null else jsonb_build_object('redacted', request_id) end,
    details = jsonb_build_object('redacted', request_id)
  where participant_id = participant;
  get diagnostics changed = row_count;
  perform set_config('geria.audit_redaction', 'off', true);
  return changed;
end $$;
