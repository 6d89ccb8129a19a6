import { guardRoute, type RouteDef } from '@geria/domain';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { CenteredProgress } from '../../components/CenteredProgress.tsx';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';

/** A role-forbidden page: "You're not allowed to reach the page." then Home. */
function Forbidden() {
  const notify = useNotify();
  useEffect(() => notify.alert('auth.notAllowed'), [notify]);
  return <Navigate to="/" replace />;
}

/**
 * Applies the domain route guard: no session → Login (remembering the page asked for), signed-in
 * user at Login → Home, role not allowed → message and Home. The callback page runs before the
 * stored session is known, since it is what creates the session.
 */
export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  const { t } = useTranslation('shell');

  if (status === 'loading' && route.name !== 'Callback') return <CenteredProgress label={t('app.loading')} />;

  const decision = guardRoute(location.pathname, user);
  switch (decision.kind) {
    case 'allow':
      return children;
    case 'forbidden':
      return <Forbidden />;
    case 'redirect':
      return (
        <Navigate
          to={decision.to}
          replace
          state={decision.reason === 'login' ? { from: `${location.pathname}${location.search}` } : undefined}
        />
      );
  }
}
