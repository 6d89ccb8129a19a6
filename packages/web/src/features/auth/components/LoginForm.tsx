import { zodResolver } from '@hookform/resolvers/zod';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { credentialsSchema, loginFailureMessage, useSubmitLogin, type Credentials } from '../api/interaction.ts';

/** Username and password for the provider's interaction `uid`; on success the browser follows the provider. */
export function LoginForm({ uid }: { uid: string }) {
  const { t } = useTranslation('shell');
  const [showPassword, setShowPassword] = useState(false);
  const submit = useSubmitLogin(uid);
  const { register, handleSubmit, formState: { errors } } = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((credentials) =>
    submit.mutate(credentials, { onSuccess: ({ redirectTo }) => window.location.assign(redirectTo) }),
  );
  const failure = submit.error ? loginFailureMessage(submit.error) : null;
  const fieldError = (message?: string) => (message ? t(message) : undefined);

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      <Typography color="text.secondary">{t('login.intro')}</Typography>
      {failure && (
        <Alert severity="error">{t(`messages:${failure.key}`, { defaultValue: failure.fallback ?? t('messages:auth.loginError') })}</Alert>
      )}
      <TextField
        {...register('username')}
        label={t('login.username')}
        autoComplete="username"
        autoFocus
        required
        error={Boolean(errors.username)}
        helperText={fieldError(errors.username?.message)}
      />
      <TextField
        {...register('password')}
        label={t('login.password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        error={Boolean(errors.password)}
        helperText={fieldError(errors.password?.message)}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((value) => !value)}
                  edge="end"
                >
                  {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" disabled={submit.isPending || submit.isSuccess}>
        {submit.isPending || submit.isSuccess ? t('login.submitting') : t('login.submit')}
      </Button>
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to="/login/forgot">{t('login.forgot')}</Link>
        <Typography variant="body2" component="span">
          {t('login.noAccount')}{' '}
          <Link component={RouterLink} to="/registration" underline="always">{t('login.register')}</Link>
        </Typography>
      </Stack>
    </Stack>
  );
}
