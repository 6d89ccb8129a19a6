-- Carrying out a request's right completes it (issue 33): an executed request is closed. Requests
-- carried out before stayed in Initiation or the queue; they close now, with the step in their log.
insert into gdpr_request_log (request_id, actor, step, details)
select id, 'system', 'closed', json_build_object('from', status, 'to', 'closed')::jsonb
from gdpr_request where executed_at is not null and status <> 'closed';
update gdpr_request set status = 'closed', updated_at = now() where executed_at is not null and status <> 'closed';
alter table gdpr_request add constraint gdpr_request_executed_closed check (executed_at is null or status = 'closed');
