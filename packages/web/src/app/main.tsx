import '../lib/zod-jitless.ts';
import { resolveRoute } from '@geria/domain';
import { loadLocaleData } from '../lib/format.ts';
import { signInReturnTo } from './boot.ts';
import { preloadScreen } from './router/screen-loaders.ts';

/**
 * The page's entry, kept small: a visitor without a session on a page that needs one goes to the
 * identity provider at once, loading only the OIDC client (the interface — React, MUI, languages —
 * would be thrown away by the redirect); everyone else loads the interface. The configuration is
 * the one the server wrote into the page, validated by whichever of the two runs.
 */
async function start(container: HTMLElement): Promise<void> {
  const inlineConfig = document.getElementById('geria-config')?.textContent;
  const returnTo = signInReturnTo(window.location, window.localStorage);
  if (returnTo) {
    const { signInFirst } = await import('./sign-in-first.ts');
    if (await signInFirst(inlineConfig, returnTo)) return;
  }
  // The screen's chunks download alongside the interface's instead of after its first render.
  const route = resolveRoute(window.location.pathname);
  if (route) preloadScreen(route.name);
  // In a worker, while the interface downloads.
  loadLocaleData();
  // The theme's modules (React and MUI) are a separate import so that they run in a task of their
  // own: the interface's modules all at once were one task of ~40 ms, ~170 on a phone's CPU.
  const [, { startApp }] = await Promise.all([import('./theme.ts'), import('./start-app.tsx')]);
  await startApp(container, inlineConfig);
}

const container = document.getElementById('root');
if (container) void start(container);
