import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useAuthSession } from '../../../lib/auth/auth-context.ts';

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

/** A link to the former interaction page `/login?uid=…` goes to the provider's, where the server renders the form. */
function ToInteractionPage({ uid }: { uid: string }) {
  const { t } = useTranslation('shell');
  useEffect(() => window.location.replace(`/auth/interaction/${encodeURIComponent(uid)}`), [uid]);
  return <CenteredProgress label={t('login.redirecting')} />;
}

/**
 * `/login`: starts the sign-in at the identity provider (login is required on load), whose sign-in
 * page the server renders (packages/server/src/auth/login-page.ts, enhanced by src/login/).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const { state } = useLocation();
  const uid = params.get('uid');
  if (uid) return <ToInteractionPage uid={uid} />;
  return <StartSignIn returnTo={fromStateSchema.safeParse(state).data?.from} />;
}
