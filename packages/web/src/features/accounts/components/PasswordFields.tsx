import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RULE_PARAMS, useFieldMessage } from './field-messages.ts';

interface PasswordValues {
  password: string;
  passwordConfirmation: string;
}

/** A new password and its confirmation, with a show/hide toggle and the rules as help text. */
export function PasswordFields<T extends PasswordValues>({ register, errors }: { register: UseFormRegister<T>; errors: FieldErrors<T> }) {
  const { t } = useTranslation('accounts');
  const message = useFieldMessage();
  const [visible, setVisible] = useState(false);
  const reg = register as unknown as UseFormRegister<PasswordValues>;
  const errs = errors as FieldErrors<PasswordValues>;
  const toggle = (
    <InputAdornment position="end">
      <IconButton aria-label={visible ? t('password.hide') : t('password.show')} aria-pressed={visible} onClick={() => setVisible((v) => !v)} edge="end">
        {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
      </IconButton>
    </InputAdornment>
  );
  return (
    <>
      <TextField
        {...reg('password')}
        label={t('fields.password')}
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        required
        error={Boolean(errs.password)}
        helperText={message(errs.password?.message) ?? t('password.rules', RULE_PARAMS)}
        slotProps={{ input: { endAdornment: toggle } }}
      />
      <TextField
        {...reg('passwordConfirmation')}
        label={t('fields.passwordConfirmation')}
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        required
        error={Boolean(errs.passwordConfirmation)}
        helperText={message(errs.passwordConfirmation?.message)}
      />
    </>
  );
}
