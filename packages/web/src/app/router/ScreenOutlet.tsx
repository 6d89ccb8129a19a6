import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { CenteredProgress } from '../../components/CenteredProgress.tsx';
import { ScreenBoundary } from './ScreenBoundary.tsx';

/** The current screen, lazily loaded, with its loading state and its load-failure boundary. */
export function ScreenOutlet() {
  const { t } = useTranslation('shell');
  return (
    <ScreenBoundary>
      <Suspense fallback={<CenteredProgress label={t('app.loading')} />}>
        <Outlet />
      </Suspense>
    </ScreenBoundary>
  );
}
