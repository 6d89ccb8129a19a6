-- The interaction that wrote each version (issue 35: a history showed a PATCH as PUT). Versions
-- written before keep null, and their history entry is told from the version as before
-- (1: POST, a deletion: DELETE, else PUT).
alter table fhir_history add column method text check (method in ('POST', 'PUT', 'PATCH', 'DELETE'));
