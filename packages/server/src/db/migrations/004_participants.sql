-- Participants' study records, devices and external ids (SPEC §3). The participant id is the id of
-- its FHIR Patient. The integrity rules that must hold under concurrent requests are constraints:
-- a device serial number belongs to one device, an external id value to one record, and a
-- participant has at most one active (status 3) external id per scope.
create extension if not exists pg_trgm;

create table participant (
  id uuid primary key,
  first_name text not null,
  last_name text not null,
  sb_email text,
  caregiver_emails text[] not null default '{}',
  -- [{ ccmid, accepted, notifications }]
  ccmids jsonb not null default '[]',
  organisation text not null,
  pilot integer not null,
  contact_phone text,
  contact_phone_country text,
  recruitment smallint not null default 0 check (recruitment between 0 and 5),
  drop_off date,
  project_identifier text,
  age_years smallint check (age_years between 0 and 130),
  age_recorded_on date,
  consent_date date,
  consent_withdrawal_date date,
  smartphone_imei text,
  creator text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The latest device use, kept with the devices so the list sorts on it without aggregating.
  last_device_use timestamptz,
  constraint participant_caregivers_max check (cardinality(caregiver_emails) <= 3),
  constraint participant_ccmids_max check (jsonb_array_length(ccmids) <= 3)
);
-- The list is always one organisation's, paged in one of these orders.
-- Each ends with the id, the tie-breaker that keeps pages stable.
create index participant_org_id on participant (organisation, id);
create index participant_org_updated on participant (organisation, updated_at, id);
create index participant_org_name on participant (organisation, lower(first_name || ' ' || last_name), id);
create index participant_org_creator on participant (organisation, creator, id);
create index participant_org_status on participant (organisation, recruitment, updated_at, id);
-- Ascending inactivity is the most recent use first, participants without any use last.
create index participant_org_device_use on participant (organisation, last_device_use desc nulls last, id desc);
create index participant_org_idtext on participant (organisation, (id::text) text_pattern_ops);
create index participant_name_trgm on participant using gin (lower(first_name || ' ' || last_name) gin_trgm_ops);

create table device (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participant (id) on delete cascade,
  type text not null,
  serial text not null,
  number integer,
  status text not null default 'active' check (status in ('active', 'suspended', 'inactive')),
  last_used timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Spaces and letter case do not make a new serial number.
create unique index device_serial_key on device (upper(btrim(serial)));
create index device_participant on device (participant_id);

create table identity (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participant (id) on delete cascade,
  scope smallint not null check (scope in (1, 2, 3)),
  status smallint not null,
  identity_id text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index identity_value_key on identity (identity_id);
create unique index identity_active_scope_key on identity (participant_id, scope) where status = 3;
create index identity_participant on identity (participant_id);
create index identity_value_trgm on identity using gin (lower(identity_id) gin_trgm_ops);
