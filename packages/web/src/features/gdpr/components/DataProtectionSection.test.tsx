import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { DataProtectionSection } from './DataProtectionSection.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ID = '11111111-1111-4111-8111-111111111111';
const request = {
  id: '42', participantId: ID, right: 5, rightName: 'restriction', about: 'Analytics', description: '', status: 'initiation', creator: 'demo-ccm',
  createdAt: '2026-11-19T10:00:00Z', lastUpdated: '2026-11-20T10:00:00Z', executedAt: null, executedBy: null, outcome: null,
};

let observer: MutationObserver | undefined;
afterEach(() => { observer?.disconnect(); vi.unstubAllGlobals(); });

/** Whether one of `texts` was ever added to the page, however briefly. */
function watchFor(...texts: string[]) {
  const seen = { ever: false };
  observer = new MutationObserver((records) => {
    for (const r of records) for (const node of r.addedNodes) if (texts.some((text) => node.textContent?.includes(text))) seen.ever = true;
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return seen;
}

describe('Data protection section of the record', () => {
  it('shows the processing flags and the requests, never "no restriction" or "no requests" on the way', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
      const path = new URL(String(url), 'http://test').pathname;
      if (path === `/api/v1/participant/${ID}`) return json(200, { id: ID, processing: { restricted: true, objected: false, automatedDecisionsObjected: false } });
      if (path === '/api/v1/GDPRRequests') return json(200, { items: [request], total: 1 });
      return json(404, { error: { code: 'errors.notFound' } });
    }));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
    await appSession.init();
    const wrong = watchFor('No restriction or objection to processing is recorded.', 'No GDPR requests for this participant.');
    await renderRoutes([{ path: '/', element: <DataProtectionSection participantId={ID} /> }], '/', appSession);
    const section = await screen.findByRole('region', { name: 'Data protection' });
    expect(await within(section).findByText('Processing restricted', {}, { timeout: 5000 })).toBeTruthy();
    expect(await within(section).findByRole('link', { name: 'Request #42 · Right to restrict processing' }, { timeout: 5000 })).toBeTruthy();
    expect(wrong.ever).toBe(false);
  }, 15_000);

  it('says when processing is allowed and there are no requests', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
      const path = new URL(String(url), 'http://test').pathname;
      if (path === `/api/v1/participant/${ID}`) return json(200, { id: ID, processing: { restricted: false, objected: false, automatedDecisionsObjected: false } });
      if (path === '/api/v1/GDPRRequests') return json(200, { items: [], total: 0 });
      return json(404, { error: { code: 'errors.notFound' } });
    }));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
    await appSession.init();
    await renderRoutes([{ path: '/', element: <DataProtectionSection participantId={ID} /> }], '/', appSession);
    expect(await screen.findByText('No restriction or objection to processing is recorded.', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('No GDPR requests for this participant.', {}, { timeout: 5000 })).toBeTruthy();
  }, 15_000);
});
