import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { NotifyProvider } from '../../components/notify/NotifyProvider.tsx';
import { AuthProvider } from '../../lib/auth/AuthProvider.tsx';
import type { AuthSession } from '../../lib/auth/session.ts';
import { currentLanguage } from '../../i18n/create-i18n.ts';
import { themeFor } from '../theme.ts';

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

/** Re-renders with the language: MUI components' built-in strings follow the interface language. */
function LocalisedTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <ThemeProvider theme={themeFor(currentLanguage(i18n))}>{children}</ThemeProvider>;
}
