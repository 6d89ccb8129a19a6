-- Periodic jobs run once per period across server processes (issue 38): a process runs a job only
-- after claiming its period here (db/periodic.ts), so N processes evaluate the windowed intervention
-- rules once every quarter hour, not N times; if the one that claimed it dies, the next period's
-- claim goes to any process still running.
create table periodic_job (
  name text primary key,
  last_started_at timestamptz not null
);
