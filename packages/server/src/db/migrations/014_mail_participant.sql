-- Outgoing e-mail about a participant (an intervention's measured value, a request to become their
-- care-centre manager) names the participant it concerns, so a GDPR erasure deletes it with them.
-- Messages kept before this column have none; erasure also finds those by the participant's id in
-- their text.
alter table mail_outbox add column participant_id uuid;
create index mail_outbox_participant on mail_outbox (participant_id) where participant_id is not null;
