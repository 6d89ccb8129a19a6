import type { Language } from '@geria/domain';
import { cleanup, render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers/AppProviders.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { createI18n } from '../i18n/create-i18n.ts';
import { AuthSession } from '../lib/auth/session.ts';
import { FakeOidcClient, makeOidcUser } from './tokens.ts';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

export async function testI18n(language: Language = 'en'): Promise<I18n> {
  window.localStorage.setItem('geria.language', language);
  return createI18n();
}

/** A session already signed in with these roles (or signed out with `roles: null`). */
export async function testSession(roles: string[] | null): Promise<{ session: AuthSession; client: FakeOidcClient }> {
  const client = new FakeOidcClient(roles ? makeOidcUser({ roles }) : null);
  const session = new AuthSession();
  session.configure(client);
  await session.init();
  return { session, client };
}

/** Renders routes at a path inside the app's providers; returns the router to inspect the location. */
export async function renderRoutes(routes: RouteObject[], path: string, session: AuthSession, language: Language = 'en') {
  const i18n = await testI18n(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders i18n={i18n} session={session} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, i18n };
}
