-- Searches sorted by _lastUpdated page by cursor (fhir/page-cursor.ts, issue 36): the next page starts
-- after the last row's (last_updated, id), which this index finds by seeking, whatever the depth, and
-- reads in order forwards (_sort=_lastUpdated) or backwards (-_lastUpdated). The default order, by id,
-- is the primary key's.
create index fhir_resource_type_updated_id on fhir_resource (resource_type, last_updated, id) where not deleted;
