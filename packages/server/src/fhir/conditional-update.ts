import { assertCanWrite } from './access.ts';
import { invalid, preconditionFailed } from './outcome.ts';
import { lockKey } from './repository.ts';
import type { StoredType } from './resource-types.ts';
import type { FhirClient } from './service.ts';
import type { WriteResult, WriteSession } from './writes.ts';

/**
 * Conditional update (FHIR R4 http §3.1.0.4.3, `PUT /fhir/Type?search`): no match creates the
 * resource, one match updates it (`ifMatch` then guards that one's version), several fail 412. It
 * takes conditional create's lock on (type, search), held until commit, so simultaneous conditional
 * creates and updates with the same search run one after the other and the second finds what the
 * first wrote. The search is strict (an unknown parameter answers 400: ignored, it would widen the
 * match) and must name at least one criterion (none would match every resource of the type).
 */
export async function conditionalUpdate(session: WriteSession, client: FhirClient, type: StoredType, query: string, resource: unknown,
  ifMatch?: number): Promise<WriteResult> {
  assertCanWrite(client.actor, type);
  if (!client.hasCriteria(type, query)) throw invalid(`A conditional update needs search criteria, e.g. PUT ${type}?identifier=system|value`, 'url');
  await session.lock([lockKey.ifNoneExist(type, query)]);
  const matches = await client.matches(type, query, 2);
  if (matches.length > 1) throw preconditionFailed(`${type}?${query} matches more than one ${type}`);
  const bodyId = (resource as { id?: unknown } | null)?.id;
  const existing = matches[0];
  if (!existing) {
    if (ifMatch !== undefined) throw preconditionFailed(`No ${type} matches ${query}, so none is at version ${ifMatch}`);
    // The server gives the id, as on a create: an id of the client's would name a resource the search did not find.
    if (bodyId !== undefined) throw invalid(`No ${type} matches ${query}: send the resource without an id to create it`, `${type}.id`);
    return session.create(resource);
  }
  if (bodyId !== undefined && bodyId !== existing.id) throw invalid(`The body's id ${JSON.stringify(bodyId)} is not that of the matching ${type}/${existing.id}`, `${type}.id`);
  return session.update(type, existing.id!, resource, ifMatch);
}
