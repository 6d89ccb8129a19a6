import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createI18n, currentLanguage } from '../i18n/create-i18n.ts';
import { appSession } from '../lib/auth/app-session.ts';
import { readClientConfig } from '../lib/auth/client-config.ts';
import { createUserManager } from '../lib/auth/user-manager.ts';
import { AppProviders } from './providers/AppProviders.tsx';
import { createQueryClient } from './query-client.ts';
import { buildRoutes } from './router/routes.tsx';
import { loadScreenAt } from './router/screens.ts';
import { StartupError } from './StartupError.tsx';
import { loadThemeFor } from './theme.ts';

/** Reads the configuration, sets up languages and the session, then renders the app (or the start-up error without configuration). */
export async function startApp(container: HTMLElement, inlineConfig: string | null | undefined): Promise<void> {
  const root = createRoot(container);
  const config = await readClientConfig(inlineConfig).catch(() => null);
  const i18n = await createI18n({ defaultLanguage: config?.defaultLanguage });
  if (!config) {
    root.render(<StartupError i18n={i18n} />);
    return;
  }
  appSession.configure(createUserManager(config));
  void appSession.init();
  // The first render has MUI's strings in the interface language (a small chunk, none for English),
  // and the current route's screen, whose module main.tsx started loading (see lazyScreen).
  await Promise.all([loadThemeFor(currentLanguage(i18n)).catch(() => undefined), loadScreenAt(window.location.pathname).catch(() => undefined)]);
  const router = createBrowserRouter(buildRoutes());
  // The first render (top bar, menu, the screen's frame) is a transition, which React renders in
  // slices: as a default update it was one task of a few hundred ms on a phone's CPU.
  startTransition(() => root.render(
    <StrictMode>
      <AppProviders i18n={i18n} session={appSession} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ));
}
