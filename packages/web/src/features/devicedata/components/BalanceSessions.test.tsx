import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../../test/render.tsx';
import type { SessionDetail, SessionSummary } from '../api/devicedata.ts';
import { BalanceSessions } from './BalanceSessions.tsx';

/** What the two queries answer in each test. */
const answers: { list: unknown; detail: (id: string | null) => unknown } = { list: undefined, detail: () => undefined };
vi.mock('../api/devicedata.ts', () => ({
  useBalanceSessions: () => answers.list,
  useBalanceSession: (_: string, id: string | null) => answers.detail(id),
}));

const summary = (id: string, kind: SessionSummary['kind'], score: number | null, exercises: number): SessionSummary =>
  ({ id, kind, start: '2026-11-20T10:00:00.000Z', end: null, durationMinutes: 12, score, exercises });
const ok = <T,>(data: T) => ({ isPending: false, isError: false, data });

async function show(language: 'en' | 'fr' = 'en') {
  const i18n = await testI18n(language);
  await i18n.loadNamespaces(['devicedata', 'shell']);
  render(<I18nextProvider i18n={i18n}><BalanceSessions participantId="p1" from="2026-11-01" to="2026-11-30" /></I18nextProvider>);
}

beforeEach(() => { answers.detail = () => ({ isPending: true, isError: false }); });

describe('balance-training sessions', () => {
  it('say when there are no sessions and no training sessions', async () => {
    answers.list = ok({ sessions: [], trainingSessions: [] });
    await show();
    expect(screen.getByText('No sessions')).toBeTruthy();
    expect(screen.getByText('No training sessions')).toBeTruthy();
  });

  it('open a training session with its exercises and score', async () => {
    answers.list = ok({ sessions: [], trainingSessions: [summary('t1', 'trainingSession', 74, 2)] });
    answers.detail = (id) => (id === 't1'
      ? ok<SessionDetail>({ ...summary('t1', 'trainingSession', 74, 0), exercises: ['Sit to stand', 'Heel raises'], hasAnalytics: true })
      : { isPending: true, isError: false });
    await show();
    fireEvent.click(screen.getByRole('button', { name: /^Open the session of/ }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/^Training session of/)).toBeTruthy();
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1. Sit to stand', '2. Heel raises']);
    expect(within(dialog).getByText('Score: 74')).toBeTruthy();
  });

  it('say that a session without score or exercise has no analytics', async () => {
    answers.list = ok({ sessions: [summary('s1', 'session', null, 0)], trainingSessions: [] });
    answers.detail = (id) => (id ? ok<SessionDetail>({ ...summary('s1', 'session', null, 0), exercises: [], hasAnalytics: false }) : { isPending: true, isError: false });
    await show();
    expect(screen.getByRole('cell', { name: 'Not scored' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Open the session of/ }));
    expect(within(screen.getByRole('dialog')).getByText('No analytics for this session')).toBeTruthy();
  });

  it('give the sessions load message in the user\'s language', async () => {
    answers.list = { isPending: false, isError: true };
    await show('fr');
    expect(screen.getByText(/Un problème est survenu lors du chargement des séances/)).toBeTruthy();
  });

  it('give the synergies load message when a session cannot be opened', async () => {
    answers.list = ok({ sessions: [summary('s1', 'session', 50, 1)], trainingSessions: [] });
    answers.detail = (id) => (id ? { isPending: false, isError: true } : { isPending: true, isError: false });
    await show();
    fireEvent.click(screen.getByRole('button', { name: /^Open the session of/ }));
    expect(within(screen.getByRole('dialog')).getByText(/problem loading the session synergies/)).toBeTruthy();
  });
});
