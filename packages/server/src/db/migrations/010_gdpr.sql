-- GDPR requests (SPEC §3 "GDPR request", §4 lifecycle), their files and step log, and an
-- append-only audit trail.
--
-- participant_id is deliberately not a foreign key: after an erasure (right 4) the participant row
-- is gone and the request stays as the trace, naming only the pseudonymous id.
create table gdpr_request (
  id bigserial primary key,
  participant_id uuid not null,
  organisation text not null,
  right_number smallint not null check (right_number between 1 and 8),
  about text not null,
  description text not null default '',
  status text not null default 'initiation' check (status in ('initiation', 'queued', 'closed')),
  creator text not null,
  -- When the right was carried out, by whom, and a summary of what it did (no personal data).
  executed_at timestamptz,
  executed_by text,
  outcome jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index gdpr_request_org_updated on gdpr_request (organisation, updated_at desc, id desc);
create index gdpr_request_participant on gdpr_request (participant_id);

-- Files attached to a request (uploads and generated exports), stored in the database.
create table gdpr_request_file (
  id bigserial primary key,
  request_id bigint not null references gdpr_request (id) on delete cascade,
  file_name text not null check (file_name ~ '^[A-Za-z0-9_][A-Za-z0-9_.-]{0,119}$'),
  mime_type text not null,
  size_bytes integer not null check (size_bytes >= 0),
  -- uploaded | generated (an export produced by executing a right)
  origin text not null check (origin in ('uploaded', 'generated')),
  upload_status text not null default 'uploaded' check (upload_status in ('uploaded', 'failed')),
  content bytea not null,
  uploaded_by text not null,
  created_at timestamptz not null default now()
);
create index gdpr_request_file_request on gdpr_request_file (request_id, id);

-- Every step of a request, in order: created, edited, queued, file attached, right executed, closed.
create table gdpr_request_log (
  id bigserial primary key,
  request_id bigint not null references gdpr_request (id) on delete cascade,
  at timestamptz not null default now(),
  actor text not null,
  step text not null,
  details jsonb
);
create index gdpr_request_log_request on gdpr_request_log (request_id, id);

-- The audit trail is append-only: the database refuses DELETE always, and UPDATE except the one
-- redaction an erasure performs through gdpr_redact_audit (it sets a transaction-local flag and may
-- only blank before/after/details, never who, when, what or on which entity).
create function audit_event_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and current_setting('geria.audit_redaction', true) = 'on'
     and new.id = old.id and new.at = old.at and new.actor = old.actor and new.action = old.action
     and new.entity_type = old.entity_type and new.entity_id is not distinct from old.entity_id
     and new.actor_organisation is not distinct from old.actor_organisation then
    return new;
  end if;
  raise exception 'audit_event is append-only' using errcode = 'insufficient_privilege';
end $$;
create trigger audit_event_append_only before update or delete on audit_event
  for each row execute function audit_event_append_only();

-- The viewer's participant filter and the erasure's redaction look rows up by entity and by participant.
create index audit_event_entity_id on audit_event (entity_id);
create index audit_event_participant on audit_event ((details->>'participantId'));
create index audit_event_at on audit_event (at desc);

-- Erasure: the audit rows about the erased entities keep who/when/what but lose their content,
-- which is replaced by a pointer to the GDPR request that erased it.
create function gdpr_redact_audit(entity_ids text[], participant text, request_id bigint) returns integer language plpgsql as $$
declare changed integer;
begin
  perform set_config('geria.audit_redaction', 'on', true);
  update audit_event set
    before = case when before is null then null else jsonb_build_object('redacted', request_id) end,
    after = case when after is null then null else jsonb_build_object('redacted', request_id) end,
    details = jsonb_build_object('redacted', request_id)
  where entity_id = any(entity_ids) or details->>'participantId' = participant;
  get diagnostics changed = row_count;
  perform set_config('geria.audit_redaction', 'off', true);
  return changed;
end $$;
