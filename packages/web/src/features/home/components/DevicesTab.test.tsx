import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, testSession } from '../../../test/render.tsx';
import type { DevicesStats } from '../api/home.ts';
import { DevicesTab } from './DevicesTab.tsx';

const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const stats = (posture: DevicesStats['posture']): DevicesStats => ({
  computedAt: '2026-11-29T10:00:00Z', devicesByType: [{ key: 'smartphone', n: 3 }], devicesByStatus: [{ key: 'active', n: 3 }], posture,
});

async function render(data: DevicesStats) {
  const { session } = await testSession(['ClinicalExpert']);
  await renderRoutes([{ path: '/', element: <DevicesTab data={data} isPending={false} /> }], '/', session);
}

describe('Home devices tab, posture', () => {
  it('shows the mean hours of good and poor posture a day of the participants who sent them, with the participants per day', async () => {
    await render(stats({
      participants: 3,
      days: days.map((day, i) => (i === 6 ? { day, participants: 2, goodHours: 9, poorHours: 3 } : { day, participants: 0, goodHours: 0, poorHours: 0 })),
    }));
    const card = await screen.findByRole('region', { name: 'Posture, last 7 days (Citizen Hub)' }, { timeout: 5000 });
    expect(within(card).getByText('3 participants with posture data; mean hours a day each')).toBeTruthy();
    fireEvent.click(await within(card).findByRole('button', { name: 'View Posture, last 7 days (Citizen Hub) as a table' }, { timeout: 5000 }));
    const rows = within(within(card).getByRole('table')).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Day', 'Participants with posture data', 'Good posture (mean hours)', 'Poor posture (mean hours)']);
    expect(rows).toHaveLength(8);
    expect(within(rows[7]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Sun 29 Nov', '2', '4.5', '1.5']);
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Mon 23 Nov', '0', '0', '0']);
  }, 30_000);

  it('says so when no participant sent posture data', async () => {
    await render(stats({ participants: 0, days: days.map((day) => ({ day, participants: 0, goodHours: 0, poorHours: 0 })) }));
    const card = await screen.findByRole('region', { name: 'Posture, last 7 days (Citizen Hub)' }, { timeout: 5000 });
    expect(within(card).getByText('No data available to display')).toBeTruthy();
  }, 30_000);

  it('has no posture card for a role the server gives no posture (Tech)', async () => {
    await render(stats(null));
    expect(await screen.findByRole('region', { name: 'Devices by category' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Posture/ })).toBeNull();
  }, 30_000);
});
