import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteDef } from '@geria/domain';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { NotificationsPage } from './NotificationsPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sent = (over: Record<string, unknown>) => ({
  id: 'd1', channel: 'email', recipient: 'care@example.org', language: 'en', status: 'sent', attempts: 1, lastError: null, lastReply: '250 OK',
  sentAt: '2026-11-20T10:00:00Z', createdAt: '2026-11-20T10:00:00Z', participantId: '11111111-1111-4111-8111-111111111111', message: 'Heart rate 140', ruleName: 'Heart', ...over,
});

afterEach(() => { vi.unstubAllGlobals(); });

describe('Notifications sent (the delivery log)', () => {
  it('shows an e-mail the mail server refused as not delivered, in the error colour, with the server\'s answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { total: 2, items: [
      sent({}),
      sent({ id: 'd2', recipient: 'nobody@example.org', status: 'failed', sentAt: null, lastReply: '550 5.1.1 No such user here', lastError: "Can't send mail - all recipients were rejected: 550 5.1.1 No such user here" }),
    ] })));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['Tester'] })));
    await appSession.init();
    const route = { name: 'Interventions.notifications', path: '/interventions/notifications', roles: ['Tester'] } as unknown as RouteDef;
    await renderRoutes([{ path: '/', element: <NotificationsPage route={route} /> }], '/', appSession);
    const failed = await screen.findByText('not delivered', {}, { timeout: 5000 });
    expect(getComputedStyle(failed).fontWeight).toBe('600');
    expect(screen.getByText('delivered')).toBeTruthy();
    expect(screen.getByRole('cell', { name: "Can't send mail - all recipients were rejected: 550 5.1.1 No such user here" })).toBeTruthy();
  }, 15_000);
});
