/**
 * What a registered integration client may do that no person may (DESIGN "Integrations and data
 * out": each client is bound to one organisation and a narrow permission). A client also acts with
 * its study role for everything else; a permission is never given with a person's role.
 * - `interventions.app-notifications`: the participants' app fetches, and so consumes, the
 *   intervention notifications meant for it. Reading marks them delivered, and they carry clinical
 *   values, so no person (Tech included) may read them through this feed.
 */
export const INTEGRATION_PERMISSIONS = ['interventions.app-notifications'] as const;
export type IntegrationPermission = (typeof INTEGRATION_PERMISSIONS)[number];

export const isIntegrationPermission = (value: unknown): value is IntegrationPermission =>
  typeof value === 'string' && (INTEGRATION_PERMISSIONS as readonly string[]).includes(value);
