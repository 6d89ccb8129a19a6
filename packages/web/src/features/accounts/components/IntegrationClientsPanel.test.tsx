import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { IntegrationClientsPanel } from './IntegrationClientsPanel.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => { vi.unstubAllGlobals(); });

async function openRegistration(answerCreate: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string | URL, init?: RequestInit) => {
    const path = new URL(String(url), 'http://test').pathname;
    if (path === '/api/v1/integration-clients' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      return answerCreate(body);
    }
    if (path === '/api/v1/integration-clients') return json(200, { items: [] });
    return json(404, { error: { code: 'errors.notFound' } });
  }));
  appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['SysAdmin'] })));
  await appSession.init();
  await renderRoutes([{ path: '/', element: <IntegrationClientsPanel /> }], '/', appSession);
  fireEvent.click(await screen.findByRole('button', { name: 'Register a client' }, { timeout: 5000 }));
  return { dialog: screen.getByRole('dialog', { name: 'Register an integration client' }), bodies };
}

describe('Registering an integration client', () => {
  it('sends Smart4Health subject ids when asked, with device ingest', async () => {
    const { dialog, bodies } = await openRegistration(() => json(400, { error: { code: 'errors.validation', message: '', details: [] } }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Subject ids are Smart4Health external ids/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Citizen Hub' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Citizen Hub', kind: 'apikey', permissions: ['devices.ingest'], subjectIds: 'smart4health' });
  }, 15_000);

  it('sends HOLOBalance subject ids for the balance platform, one external id scope at a time', async () => {
    const { dialog, bodies } = await openRegistration(() => json(400, { error: { code: 'errors.validation', message: '', details: [] } }));
    const smart4health = within(dialog).getByRole('checkbox', { name: /^Subject ids are Smart4Health external ids/ }) as HTMLInputElement;
    const holobalance = within(dialog).getByRole('checkbox', { name: /^Subject ids are HOLOBalance external ids/ }) as HTMLInputElement;
    fireEvent.click(smart4health);
    fireEvent.click(holobalance);
    expect([smart4health.checked, holobalance.checked]).toEqual([false, true]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'HOLOBalance' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'HOLOBalance', permissions: ['devices.ingest'], subjectIds: 'holobalance' });
  }, 15_000);

  it('offers the FHIR bulk export to a clinical expert client only, and sends it', async () => {
    const { dialog, bodies } = await openRegistration(() => json(400, { error: { code: 'errors.validation', message: '', details: [] } }));
    const bulk = within(dialog).getByRole('checkbox', { name: "FHIR bulk export of the organisation's data (NDJSON)" }) as HTMLInputElement;
    expect(bulk.disabled).toBe(true);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Role/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Clinical expert' }));
    expect(bulk.disabled).toBe(false);
    fireEvent.click(bulk);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Analytics platform' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Analytics platform', role: 'ClinicalExpert', permissions: ['fhir.bulk-export'] });
  }, 15_000);

  it('drops device ingest, and with it external subject ids, when the role becomes one that reads clinical data, and shows the server\'s refusals on their fields', async () => {
    const { dialog, bodies } = await openRegistration(() => json(400, {
      error: { code: 'errors.validation', message: '', details: [{ path: 'organisation', code: 'integrationClients.rules.unknownOrganisation', message: '' }] },
    }));
    const ingest = within(dialog).getByRole('checkbox', { name: 'Device data ingest (write-only)' });
    expect((ingest as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Subject ids are Smart4Health external ids/ }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Role/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Care-centre manager' }));
    expect((ingest as HTMLInputElement).checked).toBe(false);
    expect((ingest as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('checkbox', { name: /^Subject ids are Smart4Health/ })).toBeNull();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Hospital system' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('This organisation does not exist.')).toBeTruthy();
    expect(bodies).toEqual([{ name: 'Hospital system', description: '', organisation: '', role: 'CCM', kind: 'apikey', permissions: [], subjectIds: 'geria' }]);
  }, 15_000);

  it('shows the API key once the client is registered', async () => {
    const client = {
      clientId: 'ic-0123456789abcdef', name: 'Ward hub', description: '', organisation: 'MIL-GER', role: 'Tech', kind: 'apikey',
      permissions: ['devices.ingest'], subjectIds: 'geria', createdAt: '2026-11-20T10:00:00.000Z', disabledAt: null, previousSecretValidUntil: null,
    };
    const { dialog } = await openRegistration(() => json(201, { client, secret: 'ic-0123456789abcdef.s3cr3t' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ward hub' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    const shown = await screen.findByRole('dialog', { name: 'API key of Ward hub' });
    expect(within(shown).getByDisplayValue('ic-0123456789abcdef.s3cr3t')).toBeTruthy();
    expect(within(shown).getByText('Copy it now and store it safely: it will not be shown again.')).toBeTruthy();
  }, 15_000);
});
