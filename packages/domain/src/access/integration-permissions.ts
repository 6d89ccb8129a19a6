import { z } from 'zod';
import { organisationByAbbr } from '../reference/user-organisation.ts';
import { IDENTITY_SCOPES } from '../reference/constants.ts';
import type { Role } from './roles.ts';

/**
 * What a registered integration client may do that no person may (DESIGN "Integrations and data
 * out": each client is bound to one organisation and a narrow permission). A client also acts with
 * its study role for everything else; a permission is never given with a person's role.
 * - `interventions.app-notifications`: the participants' app fetches, and so consumes, the
 *   intervention notifications meant for it. Reading marks them delivered, and they carry clinical
 *   values, so no person (Tech included) may read them through this feed.
 * - `devices.ingest`: a device hub creates device data (DEVICE_INGEST_TYPES) for the participants of
 *   its organisation. Write-only: it is given with the Tech role only, which reads nothing clinical,
 *   so a hub no longer needs a CCM client that could read every record.
 * - `fhir.bulk-export`: an analytics platform exports the organisation's FHIR data in bulk (FHIR Bulk
 *   Data `$export`, access/bulk-export.ts). Given with the ClinicalExpert role only, the analysis
 *   role a client may hold; without it no client exports, whatever its role.
 */
export const INTEGRATION_PERMISSIONS = ['interventions.app-notifications', 'devices.ingest', 'fhir.bulk-export'] as const;
export type IntegrationPermission = (typeof INTEGRATION_PERMISSIONS)[number];

export const isIntegrationPermission = (value: unknown): value is IntegrationPermission =>
  typeof value === 'string' && (INTEGRATION_PERMISSIONS as readonly string[]).includes(value);

/**
 * The FHIR types `devices.ingest` creates (a Bundle of them too, entry by entry): a DiagnosticReport
 * is the daily summary of device Observations (the Citizen Hub's posture report).
 */
export const DEVICE_INGEST_TYPES = ['Observation', 'Device', 'DiagnosticReport'] as const;

/** Whether a client holding `permissions` may create a resource of `resourceType` besides what its role may. */
export const mayIngest = (permissions: readonly IntegrationPermission[], resourceType: string): boolean =>
  permissions.includes('devices.ingest') && (DEVICE_INGEST_TYPES as readonly string[]).includes(resourceType);

/**
 * The roles a client may act with: a device hub (Tech) or an institution's system reading or
 * writing the record (CCM, ClinicalExpert, Auditor). Never an administrator's role (SysAdmin,
 * Tester): a machine credential must not manage accounts or clients.
 */
export const INTEGRATION_CLIENT_ROLES = ['Tech', 'CCM', 'ClinicalExpert', 'Auditor'] as const satisfies readonly Role[];

/** Roles a permission may be given with (any client role when not listed). */
const PERMISSION_ROLES: Partial<Record<IntegrationPermission, readonly Role[]>> = { 'devices.ingest': ['Tech'], 'fhir.bulk-export': ['ClinicalExpert'] };

export const permissionAllowsRole = (permission: IntegrationPermission, role: Role): boolean =>
  PERMISSION_ROLES[permission]?.includes(role) ?? true;

/**
 * How a client proves who it is: `oauth`, a secret exchanged for short-lived tokens (client
 * credentials); `apikey`, a static key sent as the `apikey` header on every request, for the apps
 * that were written for the original platform's API gateway.
 */
export const INTEGRATION_CLIENT_KINDS = ['oauth', 'apikey'] as const;
export type IntegrationClientKind = (typeof INTEGRATION_CLIENT_KINDS)[number];

/**
 * Which ids a client's `Patient/<id>` references carry: Geria's own (the participant's id), or, for
 * an app that only knows the participant by an external id (SPEC "Identity"), that id of one scope
 * (the Citizen Hub's Smart4Health id, the balance platform's HOLOBalance id),
 * which Geria resolves to the participant with that id active (fhir/external-subjects.ts).
 */
export const SUBJECT_ID_KINDS = ['geria', 'smart4health', 'holobalance'] as const;
export type SubjectIdKind = (typeof SUBJECT_ID_KINDS)[number];

/** The external-id scope a client's subject ids belong to; undefined for Geria's own ids. */
export const subjectIdScope = (kind: SubjectIdKind): number | undefined =>
  kind === 'smart4health' ? IDENTITY_SCOPES.healthDataApp : kind === 'holobalance' ? IDENTITY_SCOPES.balanceTraining : undefined;

/** A new client, as SysAdmin registers it (API, command line). */
export const integrationClientInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
  organisation: z.string().trim().refine((abbr) => organisationByAbbr(abbr) !== undefined, 'integrationClients.rules.unknownOrganisation'),
  role: z.enum(INTEGRATION_CLIENT_ROLES),
  kind: z.enum(INTEGRATION_CLIENT_KINDS).default('oauth'),
  permissions: z.array(z.enum(INTEGRATION_PERMISSIONS)).max(INTEGRATION_PERMISSIONS.length).default([])
    .transform((permissions) => [...new Set(permissions)]),
  subjectIds: z.enum(SUBJECT_ID_KINDS).default('geria'),
}).strict().superRefine((input, ctx) => {
  // External subject ids are resolved for the device data a client posts, and for nothing it reads.
  if (input.subjectIds !== 'geria' && !input.permissions.includes('devices.ingest')) {
    ctx.addIssue({ code: 'custom', path: ['subjectIds'], message: 'integrationClients.rules.subjectIdsIngest' });
  }
  input.permissions.forEach((permission, index) => {
    if (!permissionAllowsRole(permission, input.role)) {
      ctx.addIssue({ code: 'custom', path: ['permissions', index], message: 'integrationClients.rules.permissionRole', params: { permission, roles: PERMISSION_ROLES[permission]!.join(', ') } });
    }
  });
});
export type IntegrationClientInput = z.infer<typeof integrationClientInputSchema>;

/** How long a rotated client's previous secret still works, so its operator can deploy the new one. */
export const ROTATION_GRACE_HOURS = 24;

/** The last `days` UTC days ending with `today` (YYYY-MM-DD), oldest first: the usage chart's axis. */
export function lastDays(today: Date, days: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** A client as SysAdmin sees it (never a secret or its hash). */
export const integrationClientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  description: z.string(),
  organisation: z.string(),
  role: z.string(),
  kind: z.enum(INTEGRATION_CLIENT_KINDS),
  permissions: z.array(z.string()),
  subjectIds: z.enum(SUBJECT_ID_KINDS),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
  previousSecretValidUntil: z.string().nullable(),
});
/** GET /integration-clients: each client with its last use and requests per UTC day. */
export const integrationClientListSchema = z.object({
  items: z.array(integrationClientSchema.extend({
    lastUsedAt: z.string().nullable(),
    requestsPerDay: z.array(z.object({ day: z.string(), requests: z.number().int() })),
  })),
});
/** A created or changed client; `secret` (the OAuth secret or the API key) only when one was made, shown this once. */
export const integrationClientChangeSchema = z.object({ client: integrationClientSchema, secret: z.string().optional() });
