import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { newPasswordSchema } from '@geria/domain/rules/registration.ts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../lib/api-error.ts';
import { setFlash } from '../../../lib/flash.ts';
import { useResetPassword } from '../api/public.ts';
import { AccountCard } from '../components/AccountCard.tsx';
import { applyServerProblems } from '../components/field-messages.ts';
import { PasswordFields } from '../components/PasswordFields.tsx';

interface Values {
  password: string;
  passwordConfirmation: string;
}

// The server also checks the password against the account (username, names); here only what needs no account.
const formSchema = newPasswordSchema({});

/** `/login/reset?token=…`: the page of the e-mailed link; a new password, then the sign-in page. */
export function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<Values>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });

  const onSubmit = handleSubmit((values) => reset.mutate({ token, ...values }, {
    onSuccess: () => {
      setFlash({ kind: 'success', key: 'accounts.reset.done' });
      void navigate('/login', { replace: true });
    },
    onError: (error) => { applyServerProblems(error, setError, ['password', 'passwordConfirmation']); },
  }));
  const failure = reset.isError ? describeError(reset.error) : null;
  const invalidLink = !token || failure?.code === 'accounts.reset.invalidLink';

  return (
    <AccountCard title={t('reset.title')} intro={invalidLink ? undefined : t('reset.intro')}>
      {invalidLink ? (
        <Stack spacing={2}>
          <Alert severity="error">{t('messages:accounts.reset.invalidLink')}</Alert>
          <Button component={RouterLink} to="/login/forgot" variant="contained">{t('reset.askAgain')}</Button>
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
          {failure && failure.code !== 'errors.validation' && <Alert severity="error">{t(`messages:${failure.code}`)}</Alert>}
          <PasswordFields register={register} errors={errors} />
          <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>{t('reset.submit')}</Button>
          <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>{t('backToLogin')}</Link>
        </Stack>
      )}
    </AccountCard>
  );
}
