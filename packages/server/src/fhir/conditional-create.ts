import type { Resource } from '@medplum/fhirtypes';
import { assertCanCreate, mayReadType } from './access.ts';
import { invalid, preconditionFailed } from './outcome.ts';
import { lockKey } from './repository.ts';
import { storedType } from './resource-types.ts';
import type { FhirClient } from './service.ts';
import type { WriteResult, WriteSession } from './writes.ts';

/**
 * Conditional create (FHIR If-None-Exist, a Bundle entry's ifNoneExist): with one match it answers
 * that resource (`created` false, 200) and creates nothing, so data sent again is not duplicated;
 * with several it fails 412. The lock on (type, search), held until commit, makes it atomic: of
 * simultaneous identical requests one creates, the others wait for its commit, then find its
 * resource. The search sees what was stored before this transaction (two entries of one Bundle
 * with the same condition both create). A matched entry's fullUrl references are not redirected:
 * reference an existing resource by its id. A search naming no criterion (only `_count`, `_sort`…)
 * is refused: it would match every resource of the type and answer one of them instead of creating.
 */
/** Two tell one match from several. */
export const MAX_MATCHES = 2;

export async function conditionalCreate(session: WriteSession, client: FhirClient, resource: unknown, ifNoneExist: string, id?: string,
  /** The search's matches (at most MAX_MATCHES) when already looked up with others' (FhirClient.matchesOfMany), under this lock. */
  found?: readonly Resource[]): Promise<WriteResult> {
  const claimed = (resource as { resourceType?: unknown } | null)?.resourceType;
  const type = storedType(typeof claimed === 'string' ? claimed : '');
  // A role that may not create learns nothing from the match either.
  assertCanCreate(client.actor, type);
  if (!found && !client.hasCriteria(type, ifNoneExist)) throw invalid('If-None-Exist needs search criteria, e.g. identifier=system|value', 'If-None-Exist');
  await session.lock([lockKey.ifNoneExist(type, ifNoneExist)]);
  const matches = found ?? await client.matches(type, ifNoneExist, MAX_MATCHES);
  if (matches.length > 1) throw preconditionFailed(`ifNoneExist ${ifNoneExist} matches more than one ${type}`);
  const existing = matches[0];
  if (!existing) return session.create(resource, id);
  // A write-only client (device ingest) learns that its data are there, not what they say.
  const answered = mayReadType(client.actor, type) ? existing : { resourceType: type, id: existing.id!, meta: existing.meta } as Resource;
  return { type, id: existing.id!, versionId: Number(existing.meta!.versionId), lastUpdated: existing.meta!.lastUpdated!, resource: answered, created: false };
}
