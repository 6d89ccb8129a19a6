import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { AdverseEventsSection } from './AdverseEventsSection.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ID = '11111111-1111-4111-8111-111111111111';
const event = {
  id: 'ae-1', lastUpdated: '2026-11-20T10:00:00Z', event: 'Fall at home', recordedDate: '2026-11-19', detectedDate: '2026-11-18', category: 'injury',
  severity: 'mild', outcome: 'resolved', causality: 'possibility', actuality: 'actual', seriousness: 'non_serious', suspectEntities: [{ kind: 'Device', id: 'dev-1' }],
};

let observer: MutationObserver | undefined;
afterEach(() => { observer?.disconnect(); vi.unstubAllGlobals(); });

/** Whether `text` was ever added to the page, however briefly. */
function watchFor(text: string) {
  const seen = { ever: false };
  observer = new MutationObserver((records) => {
    for (const r of records) for (const node of r.addedNodes) if (node.textContent?.includes(text)) seen.ever = true;
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return seen;
}

describe('Adverse events section of the record', () => {
  it('shows the events with their suspects named (a device by its type in the user\'s language and serial), loading until they are rendered (never "none recorded" on the way)', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
      const path = new URL(String(url), 'http://test').pathname;
      if (path === `/api/v1/participant/${ID}/adverse-event`) return json(200, [event]);
      if (path === `/api/v1/participant/${ID}/device`) return json(200, [{ id: 'dev-1', type: 'hearingAidRight', serial: 'SN-1' }]);
      if (path === `/api/v1/participant/${ID}/medication`) return json(200, { items: [], polypharmacy: false, psychoactive: false });
      return json(404, { error: { code: 'errors.notFound' } });
    }));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
    await appSession.init();
    const empty = watchFor('No adverse events recorded.');
    await renderRoutes([{ path: '/', element: <AdverseEventsSection participantId={ID} /> }], '/', appSession);
    const section = await screen.findByRole('region', { name: 'Adverse events' });
    expect(await within(section).findByRole('cell', { name: 'Fall at home' }, { timeout: 5000 })).toBeTruthy();
    expect(await within(section).findByRole('cell', { name: 'Device: Smart hearing aid (right) · SN-1' }, { timeout: 5000 })).toBeTruthy();
    expect(section.getAttribute('aria-busy')).toBe('false');
    expect(empty.ever).toBe(false);
  }, 15_000);

  it('says when the events could not be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(403, { error: { code: 'errors.forbidden' } })));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
    await appSession.init();
    await renderRoutes([{ path: '/', element: <AdverseEventsSection participantId={ID} /> }], '/', appSession);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  }, 15_000);
});
