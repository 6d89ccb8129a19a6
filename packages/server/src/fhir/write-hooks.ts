import type { Resource } from '@medplum/fhirtypes';
import type { FhirActor } from './access.ts';
import type { Executor } from './repository.ts';
import type { StoredType } from './resource-types.ts';
import { indexStatistics } from '../stats/values-index.ts';

/** One resource written by a FHIR write session, as the hooks see it. */
export interface FhirWrite {
  interaction: 'create' | 'update' | 'patch' | 'delete';
  type: StoredType;
  id: string;
  organisationId: number | null;
  /** The stored resource; null after a delete. */
  resource: Resource | null;
  before: Resource | null;
}

/**
 * Work that must happen in the same transaction as FHIR writes (a device's last transmission,
 * intervention rules evaluated on new Observations ...). A hook that throws a FhirError refuses the
 * whole write, which then stores nothing.
 */
export type FhirWriteHook = (db: Executor, actor: FhirActor, writes: readonly FhirWrite[]) => Promise<void>;

const hooks = new Set<FhirWriteHook>();

/**
 * Adds a hook for every later write; adding the same function again changes nothing (one per area).
 * Gives the function that removes it.
 */
export function registerFhirWriteHook(hook: FhirWriteHook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/**
 * The statistics index first, for every write session whoever opened it (API, bundles, imports,
 * `npm run seed`, the demo): like the search index, it is part of storing a resource, so Home
 * counts what the FHIR store holds; the areas' hooks, registered where they are used, follow.
 */
export async function runFhirWriteHooks(db: Executor, actor: FhirActor, writes: readonly FhirWrite[]): Promise<void> {
  if (!writes.length) return;
  await indexStatistics(db, writes);
  for (const hook of hooks) await hook(db, actor, writes);
}
