import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/providers/AppProviders.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { appSession } from '../../../lib/auth/app-session.ts';
import { testI18n } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';

/** Renders a component of the feature inside the app's providers, signed in as a CCM (the API client uses the app's session). */
export async function renderSignedIn(node: ReactNode) {
  appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
  await appSession.init();
  const i18n = await testI18n();
  await i18n.loadNamespaces(['assessments']);
  return render(
    <AppProviders i18n={i18n} session={appSession} queryClient={createQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </AppProviders>,
  );
}

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
