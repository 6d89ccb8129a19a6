import type { Group } from '@medplum/fhirtypes';
import { sql, type RawBuilder } from 'kysely';
import { hasAnyRole, NOTEBOOK_ROLES, organisationById, pilotById } from '@geria/domain';
import type { Executor } from '../repository.ts';
import { assertCanRead, type FhirActor } from '../access.ts';
import { notFound } from '../outcome.ts';

/**
 * The read-only Groups of /fhir, the populations of a Group `$export`, built at each read from the
 * study's records (so they have no version: no ETag, no vread), all within the reader's organisation:
 * - `Group/pilot-<pilotid>`, one per pilot of the organisation: its participants of that pilot;
 * - `Group/analytic-<analytic id>`, one per analytic of the organisation with a completed run, for the
 *   analysis roles (who see analytics): the participants of its latest completed run's snapshot, the
 *   cohort the analysis computed on.
 * Members are those whose data may be processed: participants who restricted or objected (GDPR) are
 * not. Reading a Group takes the right to read Patients.
 */
export type GroupRef = { pilot: number } | { analytic: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const GROUP_ID = new RegExp(`^(?:pilot-(\\d{1,4})|analytic-(${UUID}))$`);

export function parseGroupId(id: string): GroupRef | undefined {
  const match = GROUP_ID.exec(id);
  if (!match) return undefined;
  return match[1] !== undefined ? { pilot: Number(match[1]) } : { analytic: match[2] };
}

const groupId = (ref: GroupRef) => ('pilot' in ref ? `pilot-${ref.pilot}` : `analytic-${ref.analytic}`);

/** The latest completed run of the organisation's analytic. */
const latestRun = (organisation: string | null, analytic: string) => sql`
  select r.id, r.snapshot from analytic_run r join analytic a on a.id = r.analytic_id
  where a.id = ${analytic}::uuid and a.organisation = ${organisation} and r.state = 'Completed'
  order by r.finished_at desc limit 1`;

/** The Group's participants of the organisation, with whether they restricted or objected to processing: `(id, processing_excluded)`. */
export function groupPopulation(organisation: string | null, ref: GroupRef): RawBuilder<unknown> {
  if ('pilot' in ref) return sql`select p.id, p.processing_excluded from participant p where p.organisation = ${organisation} and p.pilot = ${ref.pilot}`;
  return sql`select p.id, p.processing_excluded from participant p where p.organisation = ${organisation} and p.id::text in (
    select s->>'participantId' from (${latestRun(organisation, ref.analytic)}) run cross join jsonb_array_elements(run.snapshot) s)`;
}

/** The Group's members, as Patient ids: its population whose data may be processed. */
export const groupMembers = (organisation: string | null, ref: GroupRef) =>
  sql`select g.id::text from (${groupPopulation(organisation, ref)}) g where not g.processing_excluded`;

const organisationOf = (actor: FhirActor) => (actor.kind === 'user' ? actor.user.organisation : null);

/** The Groups the actor may see: their organisation's pilots, and its analytics with a completed run for the analysis roles. */
async function visibleGroups(db: Executor, actor: FhirActor): Promise<GroupRef[]> {
  if (actor.kind === 'system') return [];
  const organisation = actor.user.organisationId === null ? undefined : organisationById(actor.user.organisationId);
  const pilots: GroupRef[] = organisation?.pilotids.map((p) => ({ pilot: p.pilotid })) ?? [];
  if (!hasAnyRole(actor.user.roles, NOTEBOOK_ROLES)) return pilots;
  const { rows } = await sql<{ id: string }>`
    select a.id::text as id from analytic a where a.organisation = ${actor.user.organisation}
      and exists (select 1 from analytic_run r where r.analytic_id = a.id and r.state = 'Completed') order by a.created_at, a.id`.execute(db);
  return [...pilots, ...rows.map((r) => ({ analytic: r.id }))];
}

/** The Group of `id` if the actor may see it. */
export async function visibleGroup(db: Executor, actor: FhirActor, id: string): Promise<GroupRef | undefined> {
  if (!parseGroupId(id)) return undefined;
  return (await visibleGroups(db, actor)).find((g) => groupId(g) === id);
}

async function group(db: Executor, actor: FhirActor, ref: GroupRef): Promise<Group> {
  const { rows } = await sql<{ id: string }>`select m.id from (${groupMembers(organisationOf(actor), ref)}) as m(id) order by m.id`.execute(db);
  const pilot = 'pilot' in ref ? pilotById(ref.pilot)?.name ?? String(ref.pilot) : undefined;
  const analytic = 'analytic' in ref
    ? (await sql<{ name: string }>`select name from analytic where id = ${ref.analytic}::uuid`.execute(db)).rows[0]?.name
    : undefined;
  return {
    resourceType: 'Group',
    id: groupId(ref),
    type: 'person',
    actual: true,
    name: pilot !== undefined ? `${pilot} pilot` : `Cohort of the analysis "${analytic}"`,
    ...(pilot !== undefined && { characteristic: [{ code: { text: 'pilot' }, valueCodeableConcept: { text: pilot }, exclude: false }] }),
    ...(actor.kind === 'user' && actor.user.organisationId !== null && { managingEntity: { reference: `Organization/${actor.user.organisationId}` } }),
    quantity: rows.length,
    member: rows.map((r) => ({ entity: { reference: `Patient/${r.id}` } })),
  };
}

export async function readGroup(db: Executor, actor: FhirActor, id: string): Promise<Group> {
  assertCanRead(actor, 'Patient');
  const ref = await visibleGroup(db, actor, id);
  if (!ref) throw notFound(`Group/${id} not found`);
  return group(db, actor, ref);
}

/** Every Group the actor may see: pilots first, then analytics in the order they were created. */
export async function readGroups(db: Executor, actor: FhirActor): Promise<Group[]> {
  assertCanRead(actor, 'Patient');
  const groups: Group[] = [];
  for (const ref of await visibleGroups(db, actor)) groups.push(await group(db, actor, ref));
  return groups;
}
