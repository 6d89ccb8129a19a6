import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useFlashMessage } from '../../../components/notify/use-flash.ts';
import { useAuthSession } from '../../../lib/auth/auth-context.ts';
import { AuthCard } from '../components/AuthCard.tsx';

/** `/callback`: completes the sign-in, welcomes the user and goes to the page first asked for. */
export function CallbackPage() {
  const { t } = useTranslation('shell');
  const session = useAuthSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  useFlashMessage();

  useEffect(() => {
    let active = true;
    session.completeLogin(window.location.href).then(
      ({ user, returnTo }) => {
        if (!active) return;
        notify.success('auth.welcomeBack', { name: user.fullName });
        void navigate(returnTo, { replace: true });
      },
      () => {
        if (!active) return;
        notify.alert('auth.loginError');
        setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [session, notify, navigate]);

  if (!failed) return <CenteredProgress label={t('callback.completing')} />;
  return (
    <AuthCard>
      <Button component={RouterLink} to="/login" variant="contained" fullWidth>
        {t('callback.retry')}
      </Button>
    </AuthCard>
  );
}
