import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { DeviceDataSection } from './DeviceDataSection.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ID = '11111111-1111-4111-8111-111111111111';

let observer: MutationObserver | undefined;
afterEach(() => { observer?.disconnect(); vi.unstubAllGlobals(); });

describe('Device data section of the record', () => {
  it('shows the latest values once rendered, never "no data" on the way', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
      const path = new URL(String(url), 'http://test').pathname;
      if (path === `/api/v1/participant/${ID}/measurements/latest`) return json(200, [{ key: 'heartRateAvg', unit: '/min', source: 'watch', at: '2026-11-20T10:00:00Z', value: 71, previous: 68 }]);
      return json(404, { error: { code: 'errors.notFound' } });
    }));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
    await appSession.init();
    let sawEmpty = false;
    observer = new MutationObserver((records) => {
      for (const r of records) for (const node of r.addedNodes) if (node.textContent?.includes('No device data has been received')) sawEmpty = true;
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    await renderRoutes([{ path: '/', element: <DeviceDataSection participantId={ID} /> }], '/', appSession);
    expect(await screen.findByRole('cell', { name: 'Average heart rate' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(sawEmpty).toBe(false);
  }, 15_000);

  it('says when the values could not be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(403, { error: { code: 'errors.forbidden' } })));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
    await appSession.init();
    await renderRoutes([{ path: '/', element: <DeviceDataSection participantId={ID} /> }], '/', appSession);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toBeTruthy();
  }, 15_000);
});
