import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { describeError } from '../../../lib/api-error.ts';
import { useForgotPassword } from '../api/public.ts';
import { AccountCard } from '../components/AccountCard.tsx';
import { useFieldMessage } from '../components/field-messages.ts';

const forgotSchema = z.object({ email: z.string().trim().pipe(z.email({ message: 'validation.email' })) });

/** `/login/forgot`: asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('accounts');
  const message = useFieldMessage();
  const request = useForgotPassword();
  const { register, handleSubmit, formState: { errors } } = useForm<{ email: string }>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });
  const onSubmit = handleSubmit(({ email }) => request.mutate(email));

  return (
    <AccountCard title={t('forgot.title')} intro={request.isSuccess ? undefined : t('forgot.intro')}>
      {request.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">{t('messages:accounts.reset.sent')}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">{t('backToLogin')}</Button>
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
          {request.isError && <Alert severity="error">{t(`messages:${describeError(request.error).code}`)}</Alert>}
          <TextField {...register('email')} label={t('fields.email')} type="email" autoComplete="email" autoFocus required error={Boolean(errors.email)} helperText={message(errors.email?.message)} />
          <Button type="submit" variant="contained" size="large" disabled={request.isPending}>{t('forgot.submit')}</Button>
          <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>{t('backToLogin')}</Link>
        </Stack>
      )}
    </AccountCard>
  );
}
