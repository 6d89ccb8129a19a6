-- FHIR Bulk Data export (HL7 Bulk Data Access IG v2, issue 37 §2, fhir/bulk). The job table is also the
-- queue, as analytic_run is: workers claim the oldest Queued job with FOR UPDATE SKIP LOCKED and keep
-- a heartbeat while they run it. A cancelled job is deleted with its files (the IG: its status is then
-- 404); a finished one is deleted with its files once expires_at has passed (README "Bulk Data export").
create table bulk_export_job (
  id uuid primary key default gen_random_uuid(),
  -- Who asked (a person's username or an integration client's id): only they follow and download it.
  requester text not null,
  -- The requester's access scope at kick-off: their organisation's rows and the shared ones.
  organisation_id integer,
  organisation text,
  level text not null check (level in ('system', 'patient', 'group')),
  -- The Group of a Group export (fhir/bulk/groups.ts: pilot-<pilotid> or analytic-<analytic id>).
  group_id text check ((level = 'group') = (group_id is not null)),
  types text[] not null,
  since timestamptz,
  -- The kick-off URL, as the manifest's `request` states it.
  request text not null,
  -- The requester's language, for the messages the job writes (the manifest's OperationOutcomes).
  language text not null default 'en',
  -- Resources changed after this instant are left to the next export (_since = this instant).
  transaction_time timestamptz not null default now(),
  state text not null default 'Queued' check (state in ('Queued', 'Running', 'Completed', 'Failed')),
  done integer not null default 0,
  total integer not null default 0,
  -- Participants left out because they restricted or objected to processing (GDPR rights 5, 7, 8).
  excluded_participants integer,
  error jsonb,
  worker text,
  queued_at timestamptz not null default now(),
  started_at timestamptz,
  heartbeat_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz
);
create index bulk_export_job_queue on bulk_export_job (queued_at) where state = 'Queued';
create index bulk_export_job_running on bulk_export_job (heartbeat_at) where state = 'Running';
create index bulk_export_job_expiry on bulk_export_job (expires_at) where expires_at is not null;

-- The NDJSON files of a job, one line per resource, in the order the manifest lists them.
create table bulk_export_file (
  job_id uuid not null references bulk_export_job (id) on delete cascade,
  seq integer not null check (seq > 0),
  resource_type text not null,
  count integer not null check (count > 0),
  content text not null,
  primary key (job_id, seq)
);
