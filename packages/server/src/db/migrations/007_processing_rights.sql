-- GDPR rights that stop processing (SPEC §3 GDPR request: 5 restriction, 7 objection, 8 automated
-- decisions and profiling). The GDPR area sets and clears the flags; analytics and interventions
-- read only `processing_excluded`, so the rule "any of the three excludes" is written once, here.
alter table participant
  add column processing_restricted boolean not null default false,
  add column processing_objected boolean not null default false,
  add column automated_decisions_objected boolean not null default false,
  add column processing_excluded boolean generated always as
    (processing_restricted or processing_objected or automated_decisions_objected) stored;
create index participant_org_processing_excluded on participant (organisation) where processing_excluded;
