-- An intervention e-mail is sent only once the mail server accepted it (issue 31): a temporary
-- refusal (4xx) or no answer keeps it pending with its attempts and next try, a permanent refusal
-- (5xx), or temporary ones for longer than its retry window, ends it as failed. The server's last
-- reply is kept beside the error (the 250 reply of an accepted message names its queue id).
alter table intervention_delivery drop constraint intervention_delivery_status_check;
alter table intervention_delivery add constraint intervention_delivery_status_check check (status in ('pending', 'sent', 'failed'));
alter table intervention_delivery add column last_reply text;
alter table intervention_delivery add column failed_at timestamptz;
