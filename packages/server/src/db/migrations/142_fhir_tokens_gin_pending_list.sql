-- A conditional create (ifNoneExist, how devices retry safely) finds its match through the GIN index
-- on tokens, and every GIN search reads through the index's pending list of recent insertions. At
-- PostgreSQL's default of 4 MB the lookup of a device Bundle's hundred identifiers took 42 ms, 1 ms
-- once the list was merged (bench/fhir-ingest, 200 000 Observations), and the insert that overflowed
-- the list paid for merging all of it. 256 kB keeps the list a few dozen pages long while insertions
-- still reach the index in batches: Bundles with ifNoneExist went from 1 834 to 3 989 Observations/s
-- (plain Bundles and COPY unchanged within the noise).
alter index fhir_resource_tokens set (gin_pending_list_limit = 256);
