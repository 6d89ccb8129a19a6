import { fireEvent, screen, within } from '@testing-library/react';
import { MEASUREMENTS, ROUTES } from '@geria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { MeasurementsPage } from './MeasurementsPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ID = '11111111-1111-4111-8111-111111111111';
const route = ROUTES.find((r) => r.name === 'Patient.Measurements')!;

afterEach(() => vi.unstubAllGlobals());

describe('Measurements page', () => {
  it('names the participant, says what it covers and offers the period of their last data', async () => {
    const ranges: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
      const { pathname, searchParams } = new URL(String(url), 'http://test');
      if (pathname === `/api/v1/participant/${ID}`) return json(200, { id: ID, firstName: 'Maria', lastName: 'Rossi' });
      if (pathname === `/api/v1/participant/${ID}/measurements/latest`) {
        return json(200, [
          { key: 'weight', unit: 'kg', source: 'healthApp', at: '2026-06-01T08:00:00Z', value: 71, previous: 70 },
          { key: 'roomTemperature', unit: 'Cel', source: 'homehub', at: '2026-11-27T08:00:00Z', value: 21, previous: 21 },
        ]);
      }
      if (pathname === `/api/v1/participant/${ID}/measurements`) {
        const from = searchParams.get('from')!;
        ranges.push(`${from}/${searchParams.get('to')}`);
        const points = from < '2026-06-01' ? [{ day: '2026-06-01', avg: 71, min: 71, max: 71, n: 1 }] : [];
        return json(200, { from, to: searchParams.get('to'), series: MEASUREMENTS.map((m) => ({ key: m.key, unit: m.unit, source: m.source, points: m.key === 'weight' ? points : [] })) });
      }
      return json(404, { error: { code: 'errors.notFound' } });
    }));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
    await appSession.init();
    await renderRoutes([{ path: '/patient/:patientID/measurements', element: <MeasurementsPage route={route} /> }], `/patient/${ID}/measurements`, appSession);

    expect(await screen.findByRole('heading', { level: 1, name: 'Measurements · Maria Rossi' }, { timeout: 10_000 })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Maria Rossi' }).getAttribute('href')).toBe(`/patient/${ID}`);
    expect(screen.getByText(/Daily values sent by the participant's health-data app/)).toBeTruthy();

    const alert = await screen.findByText(/^No measurement was received in this period; the last one is from .*2026\.$/, undefined, { timeout: 10_000 });
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: /^Show the 90 days up to .*2026$/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Body weight' }, { timeout: 10_000 })).toBeTruthy();
    expect(ranges.at(-1)).toBe('2026-03-04/2026-06-01');
  });
});
