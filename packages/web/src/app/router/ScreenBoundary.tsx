import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

function ScreenLoadError() {
  const { t } = useTranslation('shell');
  return (
    <Alert
      severity="error"
      action={<Button color="inherit" size="small" onClick={() => window.location.reload()}>{t('app.reload')}</Button>}
    >
      {t('errors.screenLoad')}
    </Alert>
  );
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ScreenLoadError /> : this.props.children;
  }
}

/** Catches a screen that failed to load or render; navigating elsewhere starts afresh. */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
