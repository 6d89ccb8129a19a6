-- Intervention messages state the reading that fired them (issues 32, 33.9): when it was measured
-- (a weight change's latest weight, a week's last steps), not when the rule fired. Firings before
-- this column fall back to their firing time.
alter table intervention_firing add column measured_at timestamptz;

-- One inbox notice per recipient, rule, participant and minute of the reading: a blood pressure
-- sent as a systolic and a diastolic Observation, or an optimal then an extreme level, fold into
-- one notice (the latest) instead of two near-identical ones. Other notices have no key.
alter table participant_notification add column fold_key text;
create unique index participant_notification_fold on participant_notification (recipient, fold_key) where fold_key is not null;
