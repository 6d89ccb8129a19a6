import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useFlashMessage } from '../../../components/notify/use-flash.ts';
import { useAuthSession } from '../../../lib/auth/auth-context.ts';
import { useInteraction } from '../api/interaction.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { LoginForm } from '../components/LoginForm.tsx';

const fromStateSchema = z.object({ from: z.string() });

/** Sends the browser to the identity provider once (effects may run twice in development). */
function StartSignIn({ returnTo }: { returnTo?: string }) {
  const { t } = useTranslation('shell');
  const session = useAuthSession();
  const notify = useNotify();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    session.login(returnTo).catch(() => notify.alert('auth.loginError'));
  }, [session, notify, returnTo]);
  return <CenteredProgress label={t('login.redirecting')} />;
}

function InteractionLogin({ uid }: { uid: string }) {
  const { t } = useTranslation('shell');
  const notify = useNotify();
  const interaction = useInteraction(uid);
  useFlashMessage();
  useEffect(() => {
    if (interaction.isError) notify.alert('auth.loginError');
  }, [interaction.isError, notify]);

  if (interaction.isPending) return <CenteredProgress label={t('app.loading')} />;
  // The interaction expired: start a fresh sign-in.
  if (interaction.data === null) return <StartSignIn />;
  return (
    <AuthCard title={t('login.title')}>
      <LoginForm uid={uid} />
    </AuthCard>
  );
}

/**
 * `/login`: without `uid` it starts the sign-in at the identity provider (login is required on
 * load); with `uid` it is the provider's interaction page and shows Geria's login form.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const { state } = useLocation();
  const uid = params.get('uid');
  if (uid) return <InteractionLogin key={uid} uid={uid} />;
  return <StartSignIn returnTo={fromStateSchema.safeParse(state).data?.from} />;
}
