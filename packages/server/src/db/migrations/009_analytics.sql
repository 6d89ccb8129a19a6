-- Analytics (SPEC §2 /notebooks, §3 Analytic and Notebook, §4 Analytics run). The run table is also
-- the job queue: workers claim the oldest Queued run with FOR UPDATE SKIP LOCKED, so any number of
-- worker processes on PostgreSQL (and the single in-process runner on PGlite) share it safely.
create table notebook (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text not null default '',
  owner text not null,
  organisation text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index notebook_org on notebook (organisation, updated_at desc);

create table analytic (
  id uuid primary key default gen_random_uuid(),
  notebook_id uuid not null references notebook (id) on delete cascade,
  name text not null,
  description text not null default '',
  tags text[] not null default '{}',
  -- { dataSource, analysis, charts } as validated by the domain's analyticSchema
  definition jsonb not null,
  owner text not null,
  organisation text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index analytic_notebook on analytic (notebook_id, created_at);
create index analytic_org on analytic (organisation);

create table analytic_run (
  id uuid primary key default gen_random_uuid(),
  analytic_id uuid not null references analytic (id) on delete cascade,
  state text not null default 'Queued' check (state in ('Queued', 'Running', 'Completed', 'Stopped', 'Interrupted', 'Failed')),
  -- A user's stop or interrupt of a running job, honoured by its worker at the next checkpoint.
  requested text check (requested in ('stop', 'interrupt')),
  progress real not null default 0,
  -- The definition at queue time and the rows read: a result is reproducible from these two.
  parameters jsonb not null,
  snapshot jsonb,
  result jsonb,
  error jsonb,
  worker text,
  created_by text not null,
  queued_at timestamptz not null default now(),
  started_at timestamptz,
  heartbeat_at timestamptz,
  finished_at timestamptz
);
create index analytic_run_queue on analytic_run (queued_at) where state = 'Queued';
create index analytic_run_analytic on analytic_run (analytic_id, queued_at desc);
create index analytic_run_running on analytic_run (heartbeat_at) where state = 'Running';
