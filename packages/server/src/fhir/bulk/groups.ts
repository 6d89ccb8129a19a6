import type { Group } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { organisationById, pilotById } from '@geria/domain';
import type { Executor } from '../repository.ts';
import { assertCanRead, type FhirActor } from '../access.ts';
import { notFound } from '../outcome.ts';
import { pilotMembers } from './scope.ts';

/**
 * A read-only Group per pilot of the reader's organisation (`Group/pilot-<pilotid>`): its members are
 * that organisation's participants of the pilot whose data may be processed (not those who
 * restricted or objected, GDPR), the population of the Group's `$export`. Built at each read from the
 * participant table, so it has no version (no ETag, no vread): membership changes with the study.
 * Reading it takes the right to read Patients. The study has no other stored cohort (analytics runs
 * filter at each run; intervention rules' cohorts are targets, not rosters), so pilots are the Groups.
 */
export const GROUP_ID = /^pilot-(\d+)$/;

/** The pilot of `Group/<id>` the actor may see, or undefined. */
export function groupPilot(actor: FhirActor, id: string): number | undefined {
  const pilot = GROUP_ID.exec(id)?.[1];
  return pilot !== undefined && pilotsOf(actor).includes(Number(pilot)) ? Number(pilot) : undefined;
}

function pilotsOf(actor: FhirActor): number[] {
  if (actor.kind === 'system') return [];
  const organisation = actor.user.organisationId === null ? undefined : organisationById(actor.user.organisationId);
  return organisation?.pilotids.map((p) => p.pilotid) ?? [];
}

async function group(db: Executor, actor: FhirActor, pilot: number): Promise<Group> {
  const organisation = actor.kind === 'user' ? actor.user.organisation : null;
  const { rows } = await sql<{ id: string }>`select m.id from (${pilotMembers(organisation, pilot)}) as m(id) order by m.id`.execute(db);
  return {
    resourceType: 'Group',
    id: `pilot-${pilot}`,
    type: 'person',
    actual: true,
    name: `${pilotById(pilot)?.name ?? pilot} pilot`,
    characteristic: [{ code: { text: 'pilot' }, valueCodeableConcept: { text: pilotById(pilot)?.name ?? String(pilot) }, exclude: false }],
    ...(actor.kind === 'user' && actor.user.organisationId !== null && { managingEntity: { reference: `Organization/${actor.user.organisationId}` } }),
    quantity: rows.length,
    member: rows.map((r) => ({ entity: { reference: `Patient/${r.id}` } })),
  };
}

export async function readGroup(db: Executor, actor: FhirActor, id: string): Promise<Group> {
  assertCanRead(actor, 'Patient');
  const pilot = groupPilot(actor, id);
  if (pilot === undefined) throw notFound(`Group/${id} not found`);
  return group(db, actor, pilot);
}

/** Every Group the actor may see, in pilot order. */
export async function readGroups(db: Executor, actor: FhirActor): Promise<Group[]> {
  assertCanRead(actor, 'Patient');
  const groups: Group[] = [];
  for (const pilot of pilotsOf(actor)) groups.push(await group(db, actor, pilot));
  return groups;
}
