import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useAuthSession } from '../../../lib/auth/auth-context.ts';

/**
 * `/logout`: signs out at the identity provider, which comes back to /login ("Logged Out" is then
 * shown on the login form). If that fails while the user is still signed in: alert and Home.
 */
export function LogoutPage() {
  const { t } = useTranslation('shell');
  const session = useAuthSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void session.logout().then((outcome) => {
      if (outcome === 'failed-signed-in') {
        notify.alert('UPDATE.Message_110');
        void navigate('/', { replace: true });
      } else if (outcome === 'failed-signed-out') {
        void navigate('/login', { replace: true });
      }
    });
  }, [session, notify, navigate]);

  return <CenteredProgress label={t('logout.signingOut')} />;
}
