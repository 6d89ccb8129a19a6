-- Study dataset exports (issue 37 §1). The export table is also the job queue, as analytic_run is:
-- workers claim the oldest queued export with FOR UPDATE SKIP LOCKED and keep a heartbeat. The zip
-- is stored in chunks of about 1 MB (dataset_export_chunk), written as it is produced and read back
-- in order on download, so neither side holds the whole file; a cleanup deletes the chunks when the
-- retention period ends, and the export row stays as the record of who exported what, when.
create table dataset_export (
  id uuid primary key default gen_random_uuid(),
  organisation text not null,
  created_by text not null,
  -- The parameters as validated by the domain's datasetParamsSchema.
  parameters jsonb not null,
  -- The key of this export's pseudonymous study ids (HMAC-SHA-256), kept with it: another export has another key.
  pseudonym_key text not null,
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed', 'cancelled')),
  cancel_requested boolean not null default false,
  progress real not null default 0,
  participants integer,
  excluded integer,
  data_rows bigint,
  bytes bigint,
  sha256 text,
  error jsonb,
  worker text,
  queued_at timestamptz not null default now(),
  started_at timestamptz,
  heartbeat_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz,
  file_deleted_at timestamptz
);
create index dataset_export_queue on dataset_export (queued_at) where state = 'queued';
create index dataset_export_org on dataset_export (organisation, queued_at desc);
create index dataset_export_running on dataset_export (heartbeat_at) where state = 'running';
create index dataset_export_expiry on dataset_export (expires_at) where file_deleted_at is null and expires_at is not null;

create table dataset_export_chunk (
  export_id uuid not null references dataset_export (id) on delete cascade,
  seq integer not null,
  data bytea not null,
  primary key (export_id, seq)
);
