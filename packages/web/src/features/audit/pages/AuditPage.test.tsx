import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language, RouteDef } from '@geria/domain';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { AuditPage } from './AuditPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const record = (id: number, action: string, entityType: string, entityId: string | null, details: unknown) => ({
  id, at: '2026-11-20T10:00:00Z', actor: 'demo-ccm', actor_organisation: 'MIL-GER', action, entity_type: entityType, entity_id: entityId, before: null, after: null, details,
});

afterEach(() => { vi.unstubAllGlobals(); });

async function show(language: Language) {
  vi.stubGlobal('fetch', vi.fn(async () => json(200, { items: [
    record(3, 'read.fhirSearch', 'participants', null, { participants: { a: 2, b: 1 }, count: 3 }),
    record(2, 'read.participant', 'participant', 'a', { participantId: 'a' }),
    record(1, 'participant.create', 'participant', 'a', null),
  ] })));
  appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['Auditor'] })));
  await appSession.init();
  const route = { name: 'Audit', path: '/audit', roles: ['Auditor'], title: 'routes.Audit' } as unknown as RouteDef;
  await renderRoutes([{ path: '/', element: <AuditPage route={route} /> }], '/', appSession, language);
}

describe('the audit trail screen', () => {
  it('names reads of patient data in words beside their code, other actions by their code', async () => {
    await show('en');
    expect(await screen.findByText('Participant record viewed', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('FHIR resources searched')).toBeTruthy();
    expect(screen.getByText('read.fhirSearch')).toBeTruthy();
    expect(screen.getByText('participant.create')).toBeTruthy();
  }, 15_000);

  it('in the reader\'s language', async () => {
    await show('el');
    expect(await screen.findByText('Προβολή του φακέλου συμμετέχοντα', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Αναζήτηση πόρων FHIR')).toBeTruthy();
  }, 15_000);
});
