import { ROLES, toRole, type Role } from '@geria/domain';
import type { ManagedUser } from './view.ts';

/** SCIM 2.0 representations (RFC 7643) of Geria's accounts (Users) and study roles (Groups). */
export const SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** A user is active when it may sign in as far as the administrator is concerned: neither locked nor disabled. */
export function scimUser(user: ManagedUser, base: string) {
  return {
    schemas: [SCHEMA.user, SCHEMA.enterprise],
    id: user.id,
    ...(user.externalId !== null && { externalId: user.externalId }),
    userName: user.username,
    name: { givenName: user.firstName, familyName: user.lastName, formatted: `${user.firstName} ${user.lastName}`.trim() },
    displayName: `${user.firstName} ${user.lastName}`.trim(),
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: !user.locked && !user.disabled,
    preferredLanguage: user.language,
    groups: user.roles.map((role) => ({ value: role, display: role, $ref: `${base}/scim2/Groups/${role}` })),
    [SCHEMA.enterprise]: { organization: user.organisation },
    meta: {
      resourceType: 'User',
      created: user.createdAt,
      lastModified: user.updatedAt,
      location: `${base}/scim2/Users/${user.id}`,
      version: `W/"${new Date(user.updatedAt).getTime()}"`,
    },
  };
}

export function scimGroup(role: Role, members: { id: string; username: string }[] | undefined, base: string) {
  return {
    schemas: [SCHEMA.group],
    id: role,
    displayName: role,
    ...(members && { members: members.map((m) => ({ value: m.id, display: m.username, $ref: `${base}/scim2/Users/${m.id}`, type: 'User' })) }),
    meta: { resourceType: 'Group', location: `${base}/scim2/Groups/${role}` },
  };
}

export const groupById = (id: string): Role | undefined => toRole(id);
export const ALL_GROUPS: readonly Role[] = ROLES;

export function listResponse<T>(resources: T[], totalResults: number, startIndex: number) {
  return { schemas: [SCHEMA.list], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}

export const serviceProviderConfig = (base: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  documentationUri: `${base}/api/docs`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: 200 },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [{ type: 'oauthbearertoken', name: 'OAuth Bearer Token', description: 'A SysAdmin access token of the Geria issuer', primary: true }],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}/scim2/ServiceProviderConfig` },
});
