import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { PostureHoursChart } from './PostureHoursChart.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ID = '11111111-1111-4111-8111-111111111111';
const hoursOf = (good: number, poor: number) => Array.from({ length: 24 }, (_, hour) => (hour === 9 ? { hour, good, poor } : { hour, good: hour < 7 ? null : 0, poor: hour < 7 ? null : 0 }));

afterEach(() => { vi.unstubAllGlobals(); });

/** The card as the page holds it: the chosen day kept by its parent. */
function Holder() {
  const [day, setDay] = useState<string | null>(null);
  return <PostureHoursChart participantId={ID} from="2026-11-01" to="2026-11-30" day={day} onDay={setDay} />;
}

async function render(days: string[], status = 200) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
    const parsed = new URL(String(url), 'http://test');
    if (parsed.pathname === `/api/v1/participant/${ID}/measurements/posture`) return json(200, { days: days.map((day) => ({ day, good: 5, poor: 2 })) });
    if (parsed.pathname === `/api/v1/participant/${ID}/measurements/posture/hours`) {
      const day = parsed.searchParams.get('day')!;
      asked.push(day);
      return status === 200 ? json(200, { day, unit: 's', hours: day === '2026-11-21' ? hoursOf(2700, 900) : hoursOf(1800, 1200) }) : json(status, { error: { code: 'errors.forbidden' } });
    }
    return json(404, { error: { code: 'errors.notFound' } });
  }));
  appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
  await appSession.init();
  await renderRoutes([{ path: '/', element: <Holder /> }], '/', appSession);
  return asked;
}

const table = async () => {
  const card = await screen.findByRole('region', { name: 'Posture hour by hour' }, { timeout: 5000 });
  fireEvent.click(await within(card).findByRole('button', { name: 'View Posture hour by hour as a table' }, { timeout: 5000 }));
  return { card, table: within(card).getByRole('table') };
};

// A table of 24 rows drawn twice takes some 14 s in jsdom on a loaded machine.
describe('Posture hour by hour', () => {
  it('shows the latest day\'s 24 hours in minutes of good and poor posture, as a table too', async () => {
    const asked = await render(['2026-11-20', '2026-11-21']);
    const { card, table: rows } = await table();
    expect(asked).toEqual(['2026-11-21']);
    expect(within(card).getByText('Minutes of each hour, 21 November 2026')).toBeTruthy();
    expect(within(rows).getByRole('columnheader', { name: 'Good posture (min)' })).toBeTruthy();
    expect(within(rows).getAllByRole('row')).toHaveLength(25);
    const nine = within(rows).getByRole('row', { name: /^09:00–10:00/ });
    expect(within(nine).getAllByRole('cell').map((c) => c.textContent)).toEqual(['09:00–10:00', '45', '15']);
    // An hour without a sample is no value, not zero.
    const three = within(rows).getByRole('row', { name: /^03:00–04:00/ });
    expect(within(three).getAllByRole('cell').map((c) => c.textContent)).toEqual(['03:00–04:00', '–', '–']);
  }, 30_000);

  it('shows the day chosen in its list', async () => {
    const asked = await render(['2026-11-20', '2026-11-21']);
    const { card } = await table();
    fireEvent.mouseDown(within(card).getByRole('combobox', { name: 'Day shown' }));
    fireEvent.click(await screen.findByRole('option', { name: '20 November 2026' }));
    expect(await within(card).findByText('Minutes of each hour, 20 November 2026', {}, { timeout: 5000 })).toBeTruthy();
    expect(asked).toEqual(['2026-11-21', '2026-11-20']);
    const nine = await within(card).findByRole('row', { name: /^09:00–10:00/ }, { timeout: 5000 });
    expect(within(nine).getAllByRole('cell').map((c) => c.textContent)).toEqual(['09:00–10:00', '30', '20']);
  }, 30_000);

  it('says when there are no posture data, asking for no day', async () => {
    const asked = await render([]);
    expect(await screen.findByText('No data available to display', {}, { timeout: 5000 })).toBeTruthy();
    expect(asked).toEqual([]);
  }, 15_000);

  it('says when the day could not be loaded', async () => {
    await render(['2026-11-20'], 403);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toBeTruthy();
  }, 15_000);
});
