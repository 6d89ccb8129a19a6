import { screen, within } from '@testing-library/react';
import { ROUTES } from '@geria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes, testSession } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { AuditPage } from './AuditPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const record = (id: number, action: string, entityType = 'user') => ({
  id, at: '2026-11-20T10:00:00Z', actor: 'demo-ccm', actor_organisation: 'MIL-GER', action, entity_type: entityType, entity_id: null, before: null, after: null, details: null,
});

afterEach(() => { vi.unstubAllGlobals(); });

describe('Audit page', () => {
  it('names each action in the user\'s language above its code, and shows a code without a label as it is', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { items: [record(3, 'read.fhirSearch'), record(2, 'auth.login'), record(1, 'intervention.rule.delete', 'intervention_rule'), record(4, 'fhir.create', 'Observation'), record(0, 'legacy.code')] })));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['Auditor'] })));
    await appSession.init();
    const { session } = await testSession(['Auditor']);
    const route = ROUTES.find((r) => r.name === 'Audit')!;
    await renderRoutes([{ path: '/', element: <AuditPage route={route} /> }], '/', session, 'it');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    // Each name with its code under it, which the action filter takes.
    expect(within(table).getByRole('cell', { name: 'Accesso effettuato auth.login' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Regola di intervento eliminata intervention.rule.delete' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Ricerca di risorse FHIR read.fhirSearch' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'legacy.code' })).toBeTruthy();
    // The kind of record in words too, FHIR types as Home names them.
    expect(within(table).getAllByRole('cell', { name: 'Account utente' })).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'Regola di intervento' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Osservazioni' })).toBeTruthy();
    expect(within(table).queryByRole('cell', { name: 'user' })).toBeNull();
  }, 15_000);
});
