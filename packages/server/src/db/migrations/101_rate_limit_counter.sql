-- Rate limits and login throttling counted in the database (issue 38), so that N server processes
-- behind a load balancer allow the attempts of one, not N times as many. One row per limited key
-- (route and client address, or a username's wrong passwords): its hits in the window that ends at
-- resets_at. Unlogged: a crash of PostgreSQL forgets the counts, which only restarts the windows.
create unlogged table rate_limit_counter (
  key text primary key,
  hits integer not null,
  resets_at timestamptz not null
);
create index rate_limit_counter_resets_at on rate_limit_counter (resets_at);
