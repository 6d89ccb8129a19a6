import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { PostureChart } from './PostureChart.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ID = '11111111-1111-4111-8111-111111111111';

afterEach(() => { vi.unstubAllGlobals(); });

async function render(answer: () => Response) {
  const queries: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
    const parsed = new URL(String(url), 'http://test');
    if (parsed.pathname === `/api/v1/participant/${ID}/measurements/posture`) {
      queries.push(parsed.search);
      return answer();
    }
    return json(404, { error: { code: 'errors.notFound' } });
  }));
  appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
  await appSession.init();
  await renderRoutes([{ path: '/', element: <PostureChart participantId={ID} from="2026-11-01" to="2026-11-30" /> }], '/', appSession);
  return queries;
}

describe('Posture chart', () => {
  it('shows the hours of good and poor posture per day, as a table too, for the range asked', async () => {
    const queries = await render(() => json(200, { days: [{ day: '2026-11-20', good: 7.25, poor: 3.5 }] }));
    const card = await screen.findByRole('region', { name: 'Posture (Citizen Hub)' }, { timeout: 5000 });
    // The card's frame renders while its query is still pending: wait for the answer before counting requests.
    const asTable = await within(card).findByRole('button', { name: 'View Posture (Citizen Hub) as a table' }, { timeout: 5000 });
    expect(queries).toEqual(['?from=2026-11-01&to=2026-11-30']);
    fireEvent.click(asTable);
    const table = within(card).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Good posture (hours)' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '7.3' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '3.5' })).toBeTruthy();
  }, 15_000);

  it('says when there are no posture data', async () => {
    await render(() => json(200, { days: [] }));
    expect(await screen.findByText('No data available to display', {}, { timeout: 5000 })).toBeTruthy();
  }, 15_000);

  it('says when the data could not be loaded', async () => {
    await render(() => json(403, { error: { code: 'errors.forbidden' } }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toBeTruthy();
  }, 15_000);
});
