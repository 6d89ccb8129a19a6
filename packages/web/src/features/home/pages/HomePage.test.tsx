import { fireEvent, screen, within } from '@testing-library/react';
import { ROUTES } from '@geria/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes, testSession } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { HomePage } from './HomePage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const computedAt = '2026-11-20T10:00:00Z';
const STATS: Record<string, unknown> = {
  overview: {
    computedAt, participantsByStatus: [{ key: '1', n: 7 }], assessments: 3, activeUsers: 2, questionnaireResponses: 5,
    resourcesByType: [], lastSevenDays: [], clinical: null, patientAlerts: null,
  },
  demographics: { computedAt, gender: [{ key: 'female', n: 4 }], ageBands: [], smokingByGender: [], comorbidities: [], comorbidityPairs: [] },
  health: {
    computedAt, boxPlots: [], mocaBands: [],
    distributions: [{ name: 'phq9', values: [{ value: 3, band: 'minimal', n: 2 }, { value: 17, band: 'moderately-severe', n: 1 }] }],
  },
};

beforeAll(() => {
  // jsdom has no layout: charts only need to be told when their box changes.
  vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
});
afterEach(() => { vi.unstubAllGlobals(); vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} }); });

describe('Home page', () => {
  it('shows each tab with its own numbers when the tab changes (never the previous tab\'s, which the deferred render still holds)', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
      const path = new URL(String(url), 'http://test').pathname;
      const tab = /^\/api\/v1\/statistics\/(\w+)$/.exec(path)?.[1];
      return tab && tab in STATS ? json(200, STATS[tab]) : json(404, { error: { code: 'errors.notFound' } });
    }));
    // The API client takes its token from the app's session.
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
    await appSession.init();
    const route = ROUTES.find((r) => r.name === 'Home')!;
    await renderRoutes([{ path: route.path, element: <HomePage route={route} /> }], '/', appSession);
    const participants = await screen.findByText('Participants', { selector: 'p' }, { timeout: 5000 });
    expect(await within(participants.parentElement!).findByText('7', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Demographics' }));
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByRole('region', { name: 'Participants by gender' })).toBeTruthy();
    expect(within(panel).queryByText('Participants', { selector: 'p' })).toBeNull();
  }, 15_000);

  it('names the score bands of the Health tab by their labels in the instruments\' definitions (loaded with the tab)', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
      const path = new URL(String(url), 'http://test').pathname;
      const tab = /^\/api\/v1\/statistics\/(\w+)$/.exec(path)?.[1];
      return tab && tab in STATS ? json(200, STATS[tab]) : json(404, { error: { code: 'errors.notFound' } });
    }));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
    await appSession.init();
    const route = ROUTES.find((r) => r.name === 'Home')!;
    await renderRoutes([{ path: route.path, element: <HomePage route={route} /> }], '/', appSession);
    fireEvent.click(await screen.findByRole('tab', { name: 'Health' }, { timeout: 5000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'View PHQ-9 scores as a table' }, { timeout: 5000 }));
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(within(table).getByRole('columnheader', { name: 'Minimal' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Moderately severe' })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'moderately-severe' })).toBeNull();
  }, 15_000);

  it('shows the Auditor only the cards the role may read: no analytics alerts card, and no request the API would refuse', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
      const path = new URL(String(url), 'http://test').pathname;
      fetched.push(path);
      const tab = /^\/api\/v1\/statistics\/(\w+)$/.exec(path)?.[1];
      return tab && tab in STATS ? json(200, STATS[tab]) : json(403, { error: { code: 'errors.forbidden' } });
    }));
    // The API client takes its token from the app's session; the screen its roles from this one.
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['Auditor'] })));
    await appSession.init();
    const { session } = await testSession(['Auditor']);
    const route = ROUTES.find((r) => r.name === 'Home')!;
    await renderRoutes([{ path: route.path, element: <HomePage route={route} /> }], '/', session);
    expect(await screen.findByRole('region', { name: 'Records per type' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Analytics alerts' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Patient alerts' })).toBeNull();
    expect(fetched).not.toContain('/api/v1/analytics/alerts');
  }, 15_000);

  it('names the FHIR resource types of "Records per type" in the user\'s language', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { ...(STATS.overview as object), resourcesByType: [{ key: 'QuestionnaireResponse', n: 2 }] })));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['SysAdmin'] })));
    await appSession.init();
    const { session } = await testSession(['SysAdmin']);
    const route = ROUTES.find((r) => r.name === 'Home')!;
    await renderRoutes([{ path: route.path, element: <HomePage route={route} /> }], '/', session, 'it');
    fireEvent.click(await screen.findByRole('button', { name: 'Mostra Dati per tipo come tabella' }, { timeout: 5000 }));
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(within(table).getByRole('cell', { name: 'Risposte ai questionari' })).toBeTruthy();
    expect(within(table).queryByRole('cell', { name: 'QuestionnaireResponse' })).toBeNull();
  }, 15_000);
  it('lists the first page of patient alerts with their total, and reads the next page on demand', async () => {
    const alert = (n: number) => ({ participantId: `p${n}`, name: `Patient ${n}`, alerts: ['gds'] });
    const overview = {
      ...(STATS.overview as object),
      clinical: { smoking: [], cigarettes: [], bmi: [], physicalActivity: [], diseases: [], profiled: 0, questionnaireResults: [] },
      patientAlerts: { total: 3, offset: 0, limit: 2, rows: [alert(1), alert(2)], next: '/api/v1/statistics/patient-alerts?offset=2&limit=2' },
    };
    const fetched: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
      const { pathname, search } = new URL(String(url), 'http://test');
      if (pathname === '/api/v1/statistics/overview') return json(200, overview);
      if (pathname === '/api/v1/statistics/patient-alerts') {
        fetched.push(search);
        return json(200, { total: 3, offset: 2, limit: 2, rows: [alert(3)], next: null });
      }
      return json(404, { error: { code: 'errors.notFound' } });
    }));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
    await appSession.init();
    const route = ROUTES.find((r) => r.name === 'Home')!;
    await renderRoutes([{ path: route.path, element: <HomePage route={route} /> }], '/', appSession);
    const card = await screen.findByRole('region', { name: 'Patient alerts' }, { timeout: 5000 });
    expect(await within(card).findByText('2 of 3 participants with alerts', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(card).queryByText('Patient 3')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Show more' }));
    expect(await within(card).findByText('Patient 3', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(card).getByText('3 of 3 participants with alerts')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(fetched).toEqual(['?offset=2&limit=2']);
  }, 15_000);
});
