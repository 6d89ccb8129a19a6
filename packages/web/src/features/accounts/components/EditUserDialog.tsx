import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ROLES, type Role } from '@geria/domain';
import { managedUserChangeSchema, type ManagedUserChange } from '@geria/domain/rules/registration.ts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useUpdateUser, type ManagedUser } from '../api/users.ts';
import { applyServerProblems, useFieldMessage } from './field-messages.ts';
import { OrganisationField } from './OrganisationField.tsx';

const FLAGS = ['locked', 'disabled', 'unverified'] as const;
const FIELDS = ['firstName', 'lastName', 'email', 'organisation', 'roles', ...FLAGS] as const;
type Values = Required<Pick<ManagedUserChange, (typeof FIELDS)[number]>>;

const valuesOf = (user: ManagedUser): Values => ({
  firstName: user.firstName, lastName: user.lastName, email: user.email, organisation: user.organisation,
  roles: user.roles, locked: user.locked, disabled: user.disabled, unverified: user.unverified,
});

/** Only what changed is sent, so the audit trail and the refusal rules see the real change. */
function changedFields(before: Values, after: Values): ManagedUserChange {
  const change: Record<string, unknown> = {};
  for (const key of FIELDS) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) change[key] = after[key];
  }
  return change as ManagedUserChange;
}

/**
 * Edits an account (SPEC §3 "Managed user"): names, e-mail, organisation, roles and the locked,
 * disabled and unverified flags. What the caller may not change is shown but not editable: their own
 * flags and SysAdmin role, the organisation for a Tester, and the SysAdmin role for a non-SysAdmin.
 */
export function EditUserDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const message = useFieldMessage();
  const notify = useNotify();
  const me = useAuth().user;
  const update = useUpdateUser();
  const initial = valuesOf(user);
  const { register, control, handleSubmit, setError, formState: { errors } } = useForm<Values>({
    resolver: zodResolver(managedUserChangeSchema.required()) as never,
    defaultValues: initial,
  });
  const self = me?.sub === user.id;
  const sysAdmin = me?.roles.includes('SysAdmin') ?? false;
  const roleLocked = (role: Role) => role === 'SysAdmin' && (!sysAdmin || (self && user.roles.includes('SysAdmin')));

  const onSubmit = handleSubmit((values) => {
    const change = changedFields(initial, values);
    if (!Object.keys(change).length) return onClose();
    update.mutate({ id: user.id, change }, {
      onSuccess: () => { notify.success('accounts.update.success'); onClose(); },
      onError: (error) => { applyServerProblems(error, setError, FIELDS); },
    });
  });

  const onlyFlags = (change: ManagedUserChange) => Object.keys(change).every((k) => (FLAGS as readonly string[]).includes(k));
  const failure = update.error instanceof ApiError && update.error.status !== 400 ? update.error.code
    : update.error && !(update.error instanceof ApiError) ? (onlyFlags(update.variables?.change ?? {}) ? 'accounts.status.failed' : 'accounts.update.failed') : null;

  return (
    <Dialog open onClose={update.isPending ? undefined : onClose} aria-labelledby="edit-user-title" maxWidth="sm" fullWidth>
      <DialogTitle id="edit-user-title">{t('edit.title', { username: user.username })}</DialogTitle>
      <DialogContent dividers>
        <Stack component="form" id="edit-user-form" noValidate spacing={2} onSubmit={onSubmit}>
          {failure && <Alert severity="error">{t(`messages:${failure}`)}</Alert>}
          {user.requestedRole && <Typography variant="body2" color="text.secondary">{t('edit.requestedRole', { role: t(`shell:roles.${user.requestedRole}`, { defaultValue: user.requestedRole }) })}</Typography>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...register('firstName')} label={t('fields.firstName')} required fullWidth error={Boolean(errors.firstName)} helperText={message(errors.firstName?.message)} />
            <TextField {...register('lastName')} label={t('fields.lastName')} required fullWidth error={Boolean(errors.lastName)} helperText={message(errors.lastName?.message)} />
          </Stack>
          <TextField {...register('email')} label={t('fields.email')} type="email" required error={Boolean(errors.email)} helperText={message(errors.email?.message)} />
          <Controller control={control} name="organisation" render={({ field }) => (
            <OrganisationField label={t('fields.organisation')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} disabled={!sysAdmin} error={message(errors.organisation?.message)} />
          )} />
          <Controller control={control} name="roles" render={({ field }) => (
            <FormGroup aria-labelledby="edit-roles-label">
              <FormLabel id="edit-roles-label">{t('fields.roles')}</FormLabel>
              <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
                {ROLES.map((role) => (
                  <FormControlLabel
                    key={role}
                    label={t(`shell:roles.${role}`)}
                    disabled={roleLocked(role)}
                    control={<Checkbox checked={field.value.includes(role)} onChange={(e) => field.onChange(e.target.checked ? [...field.value, role] : field.value.filter((r) => r !== role))} />}
                  />
                ))}
              </Stack>
              {errors.roles && <Typography color="error" variant="body2">{message(errors.roles.message)}</Typography>}
            </FormGroup>
          )} />
          <FormGroup aria-labelledby="edit-flags-label">
            <FormLabel id="edit-flags-label">{t('fields.status')}</FormLabel>
            {FLAGS.map((flag) => (
              <Controller key={flag} control={control} name={flag} render={({ field }) => (
                <FormControlLabel label={t(`flags.${flag}`)} disabled={self} control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} />
              )} />
            ))}
            {self && <Typography variant="body2" color="text.secondary">{t('messages:accounts.rules.cannotLockSelf')}</Typography>}
          </FormGroup>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>{t('cancel')}</Button>
        <Button type="submit" form="edit-user-form" variant="contained" disabled={update.isPending}>{t('save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
