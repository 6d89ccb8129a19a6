import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ROLES, isLanguage } from '@geria/domain';
import { registrationSchema, type RegistrationInput } from '@geria/domain/rules/registration.ts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useRegister } from '../api/public.ts';
import { applyServerProblems, useFieldMessage } from './field-messages.ts';
import { OrganisationField } from './OrganisationField.tsx';
import { PasswordFields } from './PasswordFields.tsx';
import { PrivacyPolicyDialog } from './PrivacyPolicyDialog.tsx';

type FormValues = Omit<RegistrationInput, 'language'>;
const FIELDS = ['firstName', 'lastName', 'username', 'email', 'organisation', 'requestedRole', 'password', 'passwordConfirmation'] as const;
const EMPTY: FormValues = {
  firstName: '', lastName: '', username: '', email: '', organisation: '', requestedRole: '', password: '', passwordConfirmation: '', privacyPolicyAgreed: false,
};

/**
 * The registration form (SPEC §2, §5). "Register" checks the fields, then shows the privacy policy:
 * Agree sends the registration, Disagree leaves for the sign-in page without creating anything.
 */
export function RegistrationForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t, i18n } = useTranslation('accounts');
  const message = useFieldMessage();
  const navigate = useNavigate();
  const submit = useRegister();
  const [policyOpen, setPolicyOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const { register, control, trigger, setValue, setError, handleSubmit, formState: { errors } } = useForm<FormValues>({
    resolver: zodResolver(registrationSchema) as never,
    defaultValues: EMPTY,
  });

  const review = async () => {
    if (await trigger([...FIELDS], { shouldFocus: true })) setPolicyOpen(true);
  };

  const send = handleSubmit((values) => {
    setFailed(false);
    const language = isLanguage(i18n.language) ? i18n.language : undefined;
    submit.mutate({ ...values, language }, {
      onSuccess: () => onRegistered(values.email),
      onError: (error) => {
        setPolicyOpen(false);
        if (!applyServerProblems(error, setError, FIELDS)) setFailed(true);
      },
    });
  });

  const agree = () => {
    setValue('privacyPolicyAgreed', true);
    void send();
  };

  const text = (name: keyof FormValues, label: string, props: Record<string, unknown> = {}) => (
    <TextField {...register(name)} label={label} required error={Boolean(errors[name])} helperText={message(errors[name]?.message)} {...props} />
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => { e.preventDefault(); void review(); }}>
      {failed && <Alert severity="error">{t('messages:accounts.registration.failed')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('firstName', t('fields.firstName'), { autoComplete: 'given-name', fullWidth: true, autoFocus: true })}
        {text('lastName', t('fields.lastName'), { autoComplete: 'family-name', fullWidth: true })}
      </Stack>
      {text('username', t('fields.username'), { autoComplete: 'username' })}
      {text('email', t('fields.email'), { autoComplete: 'email', type: 'email' })}
      <Controller
        control={control}
        name="organisation"
        render={({ field }) => (
          <OrganisationField label={t('fields.organisation')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={message(errors.organisation?.message)} />
        )}
      />
      <Controller
        control={control}
        name="requestedRole"
        render={({ field }) => (
          <TextField
            select
            label={t('fields.requestedRole')}
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(errors.requestedRole)}
            helperText={message(errors.requestedRole?.message)}
          >
            {ROLES.map((role) => <MenuItem key={role} value={role}>{t(`shell:roles.${role}`)}</MenuItem>)}
          </TextField>
        )}
      />
      <PasswordFields register={register} errors={errors} />
      <Button type="submit" variant="contained" size="large">{t('registration.submit')}</Button>
      <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>{t('backToLogin')}</Link>
      <PrivacyPolicyDialog open={policyOpen} busy={submit.isPending} onAgree={agree} onDisagree={() => navigate('/login')} />
    </Stack>
  );
}
