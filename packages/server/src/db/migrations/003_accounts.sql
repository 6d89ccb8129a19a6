-- Registrations waiting for an administrator (SPEC §4): one per new account; approving or rejecting removes it.
create table approval_task (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references app_user (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index approval_task_created on approval_task (created_at);

-- Single-use, expiring links sent by e-mail (password reset, e-mail verification). Only a hash of the
-- token is stored, so reading this table does not give anyone a working link.
create table account_token (
  token_hash text primary key,
  user_id uuid not null references app_user (id) on delete cascade,
  purpose text not null check (purpose in ('password-reset', 'email-verification')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index account_token_user on account_token (user_id, purpose);

-- Outgoing e-mail when no SMTP server is configured: the SysAdmin reads it in the app.
create table mail_outbox (
  id bigserial primary key,
  recipient text not null,
  subject text not null,
  body text not null,
  language text not null,
  template text not null,
  created_at timestamptz not null default now()
);
create index mail_outbox_created on mail_outbox (created_at desc);

-- The end-users list is scoped by organisation (a platform has hundreds of accounts, so search scans them).
create index app_user_organisation on app_user (organisation);
