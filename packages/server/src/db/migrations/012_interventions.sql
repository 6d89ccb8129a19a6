-- Medical interventions (SPEC §3 "Intervention"): rules, their firings and the deliveries of each
-- firing. The firing's unique key makes evaluation idempotent: a retried or concurrent ingestion,
-- or the schedule running twice, inserts nothing the second time. Deliveries are the durable queue
-- of the mailer: a failed e-mail stays pending with its attempts and next try, across restarts.
create table intervention_rule (
  id uuid primary key default gen_random_uuid(),
  organisation text not null,
  name text not null,
  type text not null,
  -- The domain's InterventionRule (target, criterion, thresholds, channels, app, language, message).
  definition jsonb not null,
  active boolean not null default true,
  created_by text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index intervention_rule_org_active on intervention_rule (organisation, type) where active;

create table intervention_firing (
  id uuid primary key default gen_random_uuid(),
  rule_id uuid not null references intervention_rule (id) on delete cascade,
  participant_id uuid not null references participant (id) on delete cascade,
  organisation text not null,
  window_key text not null,
  observation_id text,
  level text not null check (level in ('criterion', 'optimal', 'extreme')),
  value double precision,
  diastolic double precision,
  unit text not null,
  channels text[] not null,
  message text not null,
  fired_at timestamptz not null default now(),
  constraint intervention_firing_once unique (rule_id, participant_id, window_key)
);
create index intervention_firing_org on intervention_firing (organisation, fired_at desc);
create index intervention_firing_participant on intervention_firing (participant_id, fired_at desc);

create table intervention_delivery (
  id uuid primary key default gen_random_uuid(),
  firing_id uuid not null references intervention_firing (id) on delete cascade,
  -- app: kept for the participant's app to fetch; email: sent by the mailer; inbox: a manager's notice.
  channel text not null check (channel in ('app', 'email', 'inbox')),
  recipient text not null,
  language text not null,
  status text not null default 'pending' check (status in ('pending', 'sent')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index intervention_delivery_due on intervention_delivery (next_attempt_at) where status = 'pending' and channel = 'email';
create index intervention_delivery_firing on intervention_delivery (firing_id);
create index intervention_delivery_app on intervention_delivery (recipient, created_at) where channel = 'app';

-- The inbox badge is live (server-sent events): every change to a user's notifications tells the
-- server, after commit, whose unread count to send again.
create function participant_notification_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('inbox_changed', coalesce(new.recipient, old.recipient));
  return null;
end $$;
create trigger participant_notification_changed after insert or update of read_at or delete on participant_notification
  for each row execute function participant_notification_changed();
