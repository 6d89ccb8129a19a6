import { hasAnyRole, mayIngest, mayRead, mayWrite, SHARED_WRITE_ROLES, type IntegrationPermission, type SessionUser } from '@geria/domain';
import { forbidden } from './outcome.ts';

/**
 * Who is calling the FHIR service: a signed-in user or integration client (role and organisation
 * rules apply, and a client's permissions), or the server itself (demo generator, jobs), which sees
 * and writes everything.
 */
export type FhirActor = { kind: 'user'; user: SessionUser; permissions?: readonly IntegrationPermission[] } | { kind: 'system'; name: string };

/** The domain's access table decides, as it does for the app endpoints of the same data. */
export const mayReadType = (actor: FhirActor, type: string) => actor.kind === 'system' || mayRead(actor.user.roles, type);

export function assertCanRead(actor: FhirActor, type: string) {
  if (!mayReadType(actor, type)) throw forbidden(`Your role may not read ${type} resources`);
}

export function assertCanWrite(actor: FhirActor, type: string) {
  if (actor.kind === 'user' && !mayWrite(actor.user.roles, type)) throw forbidden(`Your role may not change ${type} resources`);
}

/** Creating: what the role may write, or device data under a client's `devices.ingest` (write-only: it reads none of it). */
export const mayCreate = (actor: FhirActor, type: string) =>
  actor.kind === 'system' || mayWrite(actor.user.roles, type) || mayIngest(actor.permissions ?? [], type);

export function assertCanCreate(actor: FhirActor, type: string) {
  if (!mayCreate(actor, type)) throw forbidden(`Your role may not create ${type} resources`);
}

export function assertCanWriteShared(actor: FhirActor, type: string) {
  if (actor.kind === 'user' && !hasAnyRole(actor.user.roles, SHARED_WRITE_ROLES)) {
    throw forbidden(`Only a ClinicalExpert or a Tester may change a shared ${type}`);
  }
}

/** The organisation whose rows the actor sees besides shared rows; undefined = every row (system). */
export function scopeOf(actor: FhirActor): { organisationId: number | null } | undefined {
  return actor.kind === 'system' ? undefined : { organisationId: actor.user.organisationId };
}

/**
 * What decides the actor's reads, as text: actors with the same key may read the same types and see
 * the same rows, so a statement built for one (its scope in the parameters) serves the other.
 */
export function accessKey(actor: FhirActor): string {
  return actor.kind === 'system' ? 'system' : `${actor.user.organisationId}:${[...actor.user.roles].sort().join(',')}`;
}

/** Whether a row of `organisationId` (null = shared) is visible to the actor. */
export function isVisible(actor: FhirActor, organisationId: number | null): boolean {
  const scope = scopeOf(actor);
  return !scope || organisationId === null || organisationId === scope.organisationId;
}

export function auditActor(actor: FhirActor): { actor: string; actorOrganisation: string | null } {
  return actor.kind === 'system' ? { actor: actor.name, actorOrganisation: null } : { actor: actor.user.username, actorOrganisation: actor.user.organisation };
}
