import { HOLOBALANCE_COMPONENT_KEYS } from '@geria/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../../test/render.tsx';
import type { HoloBalanceSession } from '../api/devicedata.ts';
import { HoloBalanceSessions } from './HoloBalanceSessions.tsx';

/** What the sessions query answers in each test. */
const answer: { list: unknown } = { list: undefined };
vi.mock('../api/devicedata.ts', () => ({ useHoloBalanceSessions: () => answer.list }));

const UNITS: Record<string, string> = { rangeOfMovement: 'deg', speed: 'deg/s', repetitions: '{repetitions}', duration: 's' };
const session = (id: string, start: string, dizziness: (number | null)[], score: number | null = 72): HoloBalanceSession => ({
  id, start, end: start, durationMinutes: 25, score,
  components: HOLOBALANCE_COMPONENT_KEYS.map((key) => {
    const samples = key === 'dizziness' ? dizziness : [1, 2, 3];
    const values = samples.filter((s): s is number => s !== null);
    return { key, unit: UNITS[key] ?? '{score}', samples, mean: values.reduce((a, b) => a + b, 0) / values.length, max: Math.max(...values) };
  }),
});
const ok = <T,>(data: T) => ({ isPending: false, isError: false, data });

async function show(language: 'en' | 'it' = 'en') {
  const i18n = await testI18n(language);
  await i18n.loadNamespaces(['devicedata', 'shell']);
  render(<I18nextProvider i18n={i18n}><HoloBalanceSessions participantId="p1" from="2026-11-01" to="2026-11-30" /></I18nextProvider>);
}

describe('HOLOBalance sessions', () => {
  it('say when there are none', async () => {
    answer.list = ok({ sessions: [] });
    await show();
    expect(screen.getByText('No HOLOBalance sessions')).toBeTruthy();
  });

  it('list each session with its score and the highest report of each symptom', async () => {
    answer.list = ok({ sessions: [session('s2', '2026-11-21T09:00:00.000Z', [1, 2], null), session('s1', '2026-11-20T09:00:00.000Z', [2, 4, 3])] });
    await show();
    const table = screen.getByRole('table', { name: 'HOLOBalance sessions' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
    expect(rows.map((r) => r.slice(1, 7))).toEqual([['25 min', 'Not scored', '3', '3', '2', '3'], ['25 min', '72', '3', '3', '4', '3']]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toContain('Dizziness');
  });

  it('open a session with each component\'s readings, mean and highest, in the user\'s language', async () => {
    answer.list = ok({ sessions: [session('s1', '2026-11-20T09:00:00.000Z', [2, null, 3])] });
    await show('it');
    fireEvent.click(screen.getByRole('button', { name: /^Apri la sessione HOLOBalance del/ }));
    const dialog = screen.getByRole('dialog', { name: /^Sessione HOLOBalance del/ });
    const row = (name: string) => within(within(dialog).getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(row('Vertigini')).toEqual(['punteggio', '2 · – · 3', '2,5', '3']);
    expect(row('Velocità')).toEqual(['°/s', '1 · 2 · 3', '2', '3']);
    expect(within(dialog).getByText('Sintomi segnalati')).toBeTruthy();
  });

  it('say so when the sessions cannot be loaded', async () => {
    answer.list = { isPending: false, isError: true };
    await show();
    expect(screen.getByText(/problem loading the HOLOBalance sessions/)).toBeTruthy();
  });
});
