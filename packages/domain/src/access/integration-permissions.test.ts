import { describe, expect, it } from 'vitest';
import {
  INTEGRATION_CLIENT_ROLES, INTEGRATION_PERMISSIONS, integrationClientInputSchema, isIntegrationPermission, lastDays, mayIngest, permissionAllowsRole,
  subjectIdScope,
} from './integration-permissions.ts';
import { IDENTITY_SCOPES } from '../reference/constants.ts';
import { ROLES } from './roles.ts';

describe('integration permissions', () => {
  it('know the app feed, device ingest and bulk export and nothing else, and are never a role\'s name', () => {
    expect(INTEGRATION_PERMISSIONS).toEqual(['interventions.app-notifications', 'devices.ingest', 'fhir.bulk-export']);
    expect(isIntegrationPermission('interventions.app-notifications')).toBe(true);
    expect(isIntegrationPermission('devices.ingest')).toBe(true);
    for (const other of ['Tech', 'interventions', 'INTERVENTIONS.APP-NOTIFICATIONS', 'devices', '', null, 3]) expect(isIntegrationPermission(other)).toBe(false);
    for (const role of ROLES) expect(isIntegrationPermission(role)).toBe(false);
  });

  it('device ingest creates Observations, Devices and their daily DiagnosticReports only, and only with the permission', () => {
    for (const type of ['Observation', 'Device', 'DiagnosticReport']) expect(mayIngest(['devices.ingest'], type)).toBe(true);
    for (const type of ['Patient', 'QuestionnaireResponse', 'Condition', 'Bundle', '']) expect(mayIngest(['devices.ingest'], type)).toBe(false);
    expect(mayIngest([], 'Observation')).toBe(false);
    expect(mayIngest(['interventions.app-notifications'], 'Observation')).toBe(false);
  });

  it('device ingest goes with the Tech role only, bulk export with ClinicalExpert only; the app feed with any client role', () => {
    for (const role of INTEGRATION_CLIENT_ROLES) {
      expect(permissionAllowsRole('devices.ingest', role)).toBe(role === 'Tech');
      expect(permissionAllowsRole('fhir.bulk-export', role)).toBe(role === 'ClinicalExpert');
      expect(permissionAllowsRole('interventions.app-notifications', role)).toBe(true);
    }
  });
});

describe('a new integration client', () => {
  const valid = { name: ' Device hub ', organisation: 'MIL-GER', role: 'Tech', kind: 'apikey', permissions: ['devices.ingest', 'devices.ingest'] };

  it('is trimmed, its permissions once each, oauth and no description by default', () => {
    expect(integrationClientInputSchema.parse(valid)).toEqual({ name: 'Device hub', description: '', organisation: 'MIL-GER', role: 'Tech', kind: 'apikey', permissions: ['devices.ingest'], subjectIds: 'geria' });
    expect(integrationClientInputSchema.parse({ name: 'x', organisation: 'MIL-GER', role: 'CCM' })).toMatchObject({ kind: 'oauth', permissions: [], subjectIds: 'geria' });
  });

  it('is refused with an administrator\'s role, an unknown organisation, kind or permission, or no name', () => {
    for (const role of ['SysAdmin', 'Tester', 'Nobody']) expect(integrationClientInputSchema.safeParse({ ...valid, role, permissions: [] }).success).toBe(false);
    const unknownOrg = integrationClientInputSchema.safeParse({ ...valid, organisation: 'NOPE' });
    expect(unknownOrg.error?.issues[0]).toMatchObject({ path: ['organisation'], message: 'integrationClients.rules.unknownOrganisation' });
    for (const change of [{ kind: 'basic' }, { permissions: ['everything'] }, { name: '  ' }, { extra: 1 }, { subjectIds: 'sesaram' }]) {
      expect(integrationClientInputSchema.safeParse({ ...valid, ...change }).success).toBe(false);
    }
  });

  it('may not hold device ingest with a role that reads clinical data', () => {
    const result = integrationClientInputSchema.safeParse({ ...valid, role: 'CCM' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['permissions', 0], message: 'integrationClients.rules.permissionRole' })]);
  });
});

describe('a client\'s subject ids', () => {
  const hub = { name: 'Citizen Hub', organisation: 'MIL-GER', role: 'Tech', kind: 'apikey', permissions: ['devices.ingest'] };

  it('are Smart4Health external ids (the health-data app scope) for a device-ingest client that asks', () => {
    expect(integrationClientInputSchema.parse({ ...hub, subjectIds: 'smart4health' }).subjectIds).toBe('smart4health');
    expect(subjectIdScope('smart4health')).toBe(IDENTITY_SCOPES.healthDataApp);
    expect(subjectIdScope('geria')).toBeUndefined();
  });

  it('are HOLOBalance external ids (the balance-training scope) for the balance platform', () => {
    expect(integrationClientInputSchema.parse({ ...hub, name: 'HOLOBalance', subjectIds: 'holobalance' }).subjectIds).toBe('holobalance');
    expect(subjectIdScope('holobalance')).toBe(IDENTITY_SCOPES.balanceTraining);
  });

  it('stay Geria\'s own without device ingest, which is all they are resolved for', () => {
    const result = integrationClientInputSchema.safeParse({ ...hub, permissions: [], subjectIds: 'smart4health' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['subjectIds'], message: 'integrationClients.rules.subjectIdsIngest' })]);
  });
});

describe('the usage chart\'s days', () => {
  it('are the last seven UTC days, oldest first, across a month\'s end', () => {
    expect(lastDays(new Date('2026-03-02T23:59:59Z'), 7)).toEqual(['2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(lastDays(new Date('2026-03-02T00:00:00Z'), 1)).toEqual(['2026-03-02']);
  });
});
