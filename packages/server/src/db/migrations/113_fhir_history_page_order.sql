-- A history pages by cursor in its own order (fhir/repository.ts HISTORY_ORDER: newest first, then id,
-- then the newest version), issue 36. Indexed by update alone (002's fhir_history_type_updated), the
-- next page after a cursor deep in a type's history was every older version read and sorted for the
-- page's 20 (0.8 s at the middle of 260 000 Observation versions); in the whole order the index
-- seeks to the cursor and reads the page. It serves _since and the offset paging as the one it replaces.
create index fhir_history_type_page on fhir_history (resource_type, last_updated desc, id, version_id desc);
drop index fhir_history_type_updated;
