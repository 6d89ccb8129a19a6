import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { setFlash } from '../../../lib/flash.ts';
import { AccountCard } from '../components/AccountCard.tsx';
import { RegistrationForm } from '../components/RegistrationForm.tsx';

/**
 * `/registration`: the registration form, then the pending message (an administrator unlocks the
 * account, then an e-mail follows). The message is the same whether or not the username or the
 * address was taken: the e-mail sent to the address tells which. The validation e-mail's link also
 * lands here with `emailVerified`: the outcome is shown on the sign-in page.
 */
export function RegistrationPage() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [registered, setRegistered] = useState<string | null>(null);
  const verified = params.get('emailVerified');

  useEffect(() => {
    if (verified === null) return;
    setFlash(verified === 'true' ? { kind: 'success', key: 'accounts.verify.done' } : { kind: 'alert', key: 'accounts.verify.invalidLink' });
    void navigate('/login', { replace: true });
  }, [verified, navigate]);

  if (verified !== null) return <CenteredProgress label={t('shell:app.loading')} />;
  if (registered !== null) {
    return (
      <AccountCard title={t('registration.doneTitle')}>
        <Stack spacing={2}>
          <Alert severity="success" role="status">{t('messages:accounts.registration.success', { email: registered })}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">{t('backToLogin')}</Button>
        </Stack>
      </AccountCard>
    );
  }
  return (
    <AccountCard title={t('registration.title')} intro={t('registration.intro')} maxWidth={560}>
      <RegistrationForm onRegistered={setRegistered} />
    </AccountCard>
  );
}
