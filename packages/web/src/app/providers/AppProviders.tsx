import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { isLanguage } from '@geria/domain';
import { useEffect, useReducer, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { NotifyProvider } from '../../components/notify/NotifyProvider.tsx';
import { AuthProvider } from '../../lib/auth/AuthProvider.tsx';
import type { AuthSession } from '../../lib/auth/session.ts';
import { currentLanguage } from '../../i18n/create-i18n.ts';
import { loadThemeFor, theme, themeFor } from '../theme.ts';

export interface AppProvidersProps {
  i18n: I18n;
  session: AuthSession;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything a screen relies on: translations, theme, server-state cache, session, message bars. */
export function AppProviders({ i18n, session, queryClient, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalisedTheme>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <AuthProvider session={session}>
            <NotifyProvider>{children}</NotifyProvider>
          </AuthProvider>
        </QueryClientProvider>
      </LocalisedTheme>
    </I18nextProvider>
  );
}

/**
 * Re-renders with the language: MUI components' built-in strings follow the interface language.
 * A chosen language's MUI strings load alongside its messages (start-app loads the first one
 * before the first render); until they have, MUI's English ones show.
 */
function LocalisedTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [, themeLoaded] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const load = (next: string) => {
      if (isLanguage(next) && !themeFor(next)) loadThemeFor(next).then(themeLoaded, () => undefined);
    };
    load(language);
    i18n.on('languageChanging', load);
    return () => i18n.off('languageChanging', load);
  }, [i18n, language]);
  return <ThemeProvider theme={themeFor(language) ?? theme}>{children}</ThemeProvider>;
}
