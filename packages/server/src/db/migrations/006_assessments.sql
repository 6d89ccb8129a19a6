-- Recruitment decisions and the notifications they send (issue 7). Assessments themselves are FHIR
-- Encounters; these tables hold the study administration around them.

-- Every recruitment decision with its reason: a status change, or a kept status ("Don't exclude").
create table recruitment_decision (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participant (id) on delete cascade,
  from_status smallint not null check (from_status between 0 and 5),
  to_status smallint not null check (to_status between 0 and 5),
  reason text,
  drop_off date,
  correction boolean not null default false,
  -- The exclusion risks shown when the decision was taken (message keys and parameters).
  risks jsonb not null default '[]',
  decided_by text not null,
  decided_at timestamptz not null default now()
);
create index recruitment_decision_participant on recruitment_decision (participant_id, decided_at desc);

-- A message for one care-centre manager about one participant; the inbox reads and marks them.
create table participant_notification (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participant (id) on delete cascade,
  recipient text not null,
  -- { code, params, refs } of the domain message catalogue, rendered in the reader's language.
  message jsonb not null,
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index participant_notification_recipient on participant_notification (recipient, created_at desc);
