import { homePilot } from '@geria/domain';
import { expect } from 'vitest';
import { createParticipant } from '../participants/test-helpers.ts';
import type { TestContext } from './context.ts';
import { OTHER_ORGANISATION } from './fixtures.ts';

/**
 * One of the study's apps (Citizen Hub, HOLOBalance) as its upload tests need it: an API-key client of
 * MIL-GER with device ingest that names participants by the app's external id, registered by SysAdmin
 * through the API, and the requests the app and its operator make.
 */
export async function registerAppClient(ctx: TestContext, app: { name: string; subjectIds: 'smart4health' | 'holobalance'; identityScope: number }) {
  const admin = async (method: 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1/integration-clients${url}`, headers: await ctx.as('test-sysadmin'), ...(payload ? { payload } : {}) });
  const created = await admin('POST', '', {
    name: app.name, organisation: 'MIL-GER', role: 'Tech', kind: 'apikey', permissions: ['devices.ingest'], subjectIds: app.subjectIds,
  });
  expect(created.statusCode).toBe(201);
  expect(created.json().client.subjectIds).toBe(app.subjectIds);
  const { secret: key, client: { clientId } } = created.json() as { secret: string; client: { clientId: string } };

  // As the apps send it: plain application/json, the key in the apikey header.
  const upload = (body: unknown, apikey = key, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/fhir', headers: { apikey, 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

  /** A participant of `username`'s organisation known to the app as `externalId`, in identity `status` (3 active). */
  const participantKnownAs = async (externalId: string, status = 3, username = 'test-ccm') => {
    const overrides = username === 'test-ccm' ? {} : { pilot: homePilot(OTHER_ORGANISATION)!.pilotid, ccmids: [] };
    const participantId = await createParticipant(ctx, overrides, username);
    const identity = await ctx.app.inject({
      method: 'POST', url: `/api/v1/participant/${participantId}/identity`, headers: await ctx.as(username), payload: { Scope: app.identityScope, Status: status, IdentityID: externalId },
    });
    expect(identity.statusCode).toBe(201);
    return participantId;
  };
  return { key, clientId, admin, upload, participantKnownAs };
}
