import { screen } from '@testing-library/react';
import { MEASUREMENTS } from '@geria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Grid from '@mui/material/Grid';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { SeriesGrid } from './SeriesGrid.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ID = '11111111-1111-4111-8111-111111111111';
const point = { day: '2026-11-20', avg: 12, min: 11, max: 13, n: 1 };

afterEach(() => vi.unstubAllGlobals());

describe('SeriesGrid with the participant\'s devices', () => {
  it('charts what a scale and an oximeter take (and any data), and names the rest in one line', async () => {
    const series = MEASUREMENTS.filter((m) => m.source === 'healthApp')
      .map((m) => ({ key: m.key, unit: m.unit, source: m.source, points: m.key === 'steps' ? [point] : [] }));
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
      const path = new URL(String(url), 'http://test').pathname;
      if (path === `/api/v1/participant/${ID}/measurements`) return json(200, { from: '2026-10-30', to: '2026-11-28', series });
      return json(404, { error: { code: 'errors.notFound' } });
    }));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
    await appSession.init();
    await renderRoutes([{
      path: '/',
      element: <Grid container><SeriesGrid participantId={ID} from="2026-10-30" to="2026-11-28" source="healthApp" deviceTypes={['scale', 'oximeter']} /></Grid>,
    }], '/', appSession);

    await screen.findByRole('heading', { name: 'Visceral fat' }, { timeout: 10_000 });
    const charts = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(charts.sort()).toEqual([
      'BMI', 'Average heart rate', 'Body fat', 'Body water', 'Body weight', 'Lean body mass', 'Maximum heart rate', 'Minimum heart rate',
      'Muscle mass', 'Oxygen saturation', 'Steps', 'Visceral fat',
    ].sort());
    expect(screen.getByText(/^Not measured by this participant's devices: /).textContent).toContain('Total sleep');
  });
});
