-- Reads of patient data are audited (issue 31). A read of several participants (a FHIR search) is
-- one entry whose details.participants counts each one's resources: the trail's participant filter
-- finds it by key.
create index audit_event_participants on audit_event using gin ((details->'participants'));

-- An erasure takes the erased participant out of such summaries and keeps the others' counts (an
-- entry about them alone names them in details.participantId, which gdpr_redact_audit redacts).
create function gdpr_redact_read_summaries(participant text, request_id bigint) returns integer language plpgsql as $$
declare changed integer;
begin
  perform set_config('geria.audit_redaction', 'on', true);
  update audit_event set details = (details #- array['participants', participant])
    || jsonb_build_object('redacted', request_id)
    || case when details ? 'count'
         then jsonb_build_object('count', (details->>'count')::integer - (details->'participants'->>participant)::integer)
         else '{}'::jsonb end
  where details->'participants' ? participant;
  get diagnostics changed = row_count;
  perform set_config('geria.audit_redaction', 'off', true);
  return changed;
end $$;
