import { screen } from '@testing-library/react';
import { ROUTES, type Language } from '@geria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { InboxPage } from './InboxPage.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
afterEach(() => { vi.unstubAllGlobals(); });

const ID = '33333333-3333-4333-8333-333333333333';
// An intervention notice as the server stores it: the raw reading, its UCUM unit (and label key) and when it was measured.
const notice = {
  id: 'n-1', participantId: ID, participantName: 'Giulia Bianchi', createdAt: '2026-11-29T09:00:00Z', readAt: null,
  message: {
    code: 'interventions.notifications.firedReading',
    params: { rule: 'Frequenza', reading: 142.5, unit: '/min', measuredAt: '2026-08-28T08:00:00.000Z' },
    refs: { unit: 'interventions.units.perMinute' },
  },
};

async function openInbox(language: Language) {
  vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
    const path = new URL(String(url), 'http://test').pathname;
    if (path === '/api/v1/inbox') return json({ items: [notice], total: 1, unread: 1 });
    return json({ items: [], pending: 0 });
  }));
  appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
  await appSession.init();
  const route = ROUTES.find((r) => r.name === 'Inbox')!;
  await renderRoutes([{ path: route.path, element: <InboxPage route={route} /> }], '/inbox', appSession, language);
}

describe('Inbox intervention notices', () => {
  it('state the reading, its unit and the day it was measured in the reader\'s language (Italian)', async () => {
    await openInbox('it');
    expect(await screen.findByText('Intervento "Frequenza": 142,5 battiti/min, misurato il 28 agosto 2026.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('and in Greek', async () => {
    await openInbox('el');
    expect(await screen.findByText('Παρέμβαση «Frequenza»: 142,5 παλμοί/λεπτό, μέτρηση της 28 Αυγούστου 2026.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
