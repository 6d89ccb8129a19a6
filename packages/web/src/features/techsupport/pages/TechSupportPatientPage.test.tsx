import { screen, within } from '@testing-library/react';
import { ROUTES } from '@geria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { TechSupportPatientPage } from './TechSupportPatientPage.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
afterEach(() => { vi.unstubAllGlobals(); });

const ID = '22222222-2222-4222-8222-222222222222';
const LAST_USED = '2026-11-05T07:30:00.000Z';
// The device as GET /participant/{id}/device answers it (the shared schema's field names).
const device = { id: 'd-1', type: 'scale', serial: 'SC-77', number: null, status: 'active', LastUsed: LAST_USED };

describe('Tech support participant page', () => {
  it('shows each device\'s last use as the API answers it', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
      const path = new URL(String(url), 'http://test').pathname;
      if (path.endsWith('/device')) return json([device]);
      if (path.endsWith('/identity')) return json([]);
      if (path.endsWith('/transmissions')) return json({ from: '2026-10-07', to: '2026-11-05', devices: [] });
      return json({ items: [], total: 0 });
    }));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['Tech'] })));
    await appSession.init();
    const route = ROUTES.find((r) => r.name === 'TechSupport.Patient')!;
    await renderRoutes([{ path: route.path, element: <TechSupportPatientPage route={route} /> }], `/techsupport/${ID}`, appSession);
    const row = (await screen.findByRole('cell', { name: 'SC-77' }, { timeout: 5000 })).closest('tr')!;
    expect(within(row).queryByText('—')).toBeNull();
    expect(within(row).queryByText('No Info')).toBeNull();
    expect(within(row).getByText(formatDateTime(LAST_USED, 'en'))).toBeTruthy();
  });
});
