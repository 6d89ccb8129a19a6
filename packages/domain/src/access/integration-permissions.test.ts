import { describe, expect, it } from 'vitest';
import { INTEGRATION_PERMISSIONS, isIntegrationPermission } from './integration-permissions.ts';
import { ROLES } from './roles.ts';

describe('integration permissions', () => {
  it('know the app feed and nothing else, and are never a role\'s name', () => {
    expect(INTEGRATION_PERMISSIONS).toEqual(['interventions.app-notifications']);
    expect(isIntegrationPermission('interventions.app-notifications')).toBe(true);
    for (const other of ['Tech', 'interventions', 'INTERVENTIONS.APP-NOTIFICATIONS', '', null, 3]) expect(isIntegrationPermission(other)).toBe(false);
    for (const role of ROLES) expect(isIntegrationPermission(role)).toBe(false);
  });
});
