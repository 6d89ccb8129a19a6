import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { theme } from './theme.ts';

function Message() {
  const { t } = useTranslation('shell');
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', mt: 10, px: 2 }}>
      <Alert
        severity="error"
        action={<Button color="inherit" onClick={() => window.location.reload()}>{t('app.reload')}</Button>}
      >
        {t('app.startupError')}
      </Alert>
    </Box>
  );
}

/** Shown when the configuration could not be fetched, so the app cannot reach its identity provider. */
export function StartupError({ i18n }: { i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Message />
      </ThemeProvider>
    </I18nextProvider>
  );
}
