import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INTEGRATION_CLIENT_KINDS, INTEGRATION_CLIENT_ROLES, INTEGRATION_PERMISSIONS, permissionAllowsRole,
  type IntegrationClientInput, type IntegrationPermission,
} from '@geria/domain';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useCreateIntegrationClient, type ClientWithSecret } from '../api/integration-clients.ts';
import { OrganisationField } from './OrganisationField.tsx';

const EMPTY: IntegrationClientInput = { name: '', description: '', organisation: '', role: 'Tech', kind: 'apikey', permissions: ['devices.ingest'], subjectIds: 'geria' };

/** The server's problems by field (the first of each), as catalogue keys. */
const problemsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiError && Array.isArray(error.details)
    ? Object.fromEntries((error.details as { path?: unknown; code?: unknown }[]).filter((d) => typeof d.path === 'string' && typeof d.code === 'string')
      .reverse().map((d) => [String(d.path).split('.')[0], String(d.code)]))
    : {};

/**
 * Registers an integration client: one organisation, one role, a kind and its permissions. The
 * server decides (domain rules); its refusals show on their fields.
 */
export function CreateClientDialog({ onCreated, onClose }: { onCreated: (created: ClientWithSecret) => void; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const notify = useNotify();
  const create = useCreateIntegrationClient();
  const [form, setForm] = useState<IntegrationClientInput>(EMPTY);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const set = <K extends keyof IntegrationClientInput>(key: K, value: IntegrationClientInput[K]) => setForm((f) => ({ ...f, [key]: value }));
  const message = (field: string) => (problems[field] ? t(`messages:${problems[field]}`) : undefined);
  // External subject ids go with device ingest only (domain rule): without it they are Geria's.
  const togglePermission = (permission: IntegrationPermission, on: boolean) => setForm((f) => {
    const permissions = on ? [...f.permissions, permission] : f.permissions.filter((p) => p !== permission);
    return { ...f, permissions, subjectIds: permissions.includes('devices.ingest') ? f.subjectIds : 'geria' };
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(form, {
      onSuccess: onCreated,
      onError: (error) => {
        const found = problemsOf(error);
        setProblems(found);
        if (Object.keys(found).length === 0) notify.alert(error instanceof ApiError ? error.code : 'errors.internal');
      },
    });
  };

  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby="create-client-title" maxWidth="sm" fullWidth>
      <DialogTitle id="create-client-title">{t('integrations.create.title')}</DialogTitle>
      <DialogContent>
        <form id="create-client-form" noValidate onSubmit={submit}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('integrations.fields.name')} required value={form.name} onChange={(e) => set('name', e.target.value)}
              error={Boolean(problems.name)} helperText={message('name')} slotProps={{ htmlInput: { maxLength: 100 } }} autoFocus />
            <TextField label={t('integrations.fields.description')} value={form.description} onChange={(e) => set('description', e.target.value)}
              multiline minRows={2} error={Boolean(problems.description)} helperText={message('description')} slotProps={{ htmlInput: { maxLength: 500 } }} />
            <OrganisationField label={t('fields.organisation')} required value={form.organisation} onChange={(abbr) => set('organisation', abbr)} error={message('organisation')} />
            <TextField select label={t('integrations.fields.role')} required value={form.role} error={Boolean(problems.role)}
              helperText={message('role') ?? t('integrations.create.roleHelp')}
              onChange={(e) => {
                // A permission the new role may not hold is dropped (device ingest goes with Tech only).
                const role = e.target.value as IntegrationClientInput['role'];
                setForm((f) => {
                  const permissions = f.permissions.filter((p) => permissionAllowsRole(p, role));
                  return { ...f, role, permissions, subjectIds: permissions.includes('devices.ingest') ? f.subjectIds : 'geria' };
                });
              }}>
              {INTEGRATION_CLIENT_ROLES.map((role) => <MenuItem key={role} value={role}>{t(`shell:roles.${role}`)}</MenuItem>)}
            </TextField>
            <FormControl>
              <FormLabel id="client-kind-label">{t('integrations.fields.kind')}</FormLabel>
              <RadioGroup aria-labelledby="client-kind-label" value={form.kind} onChange={(e) => set('kind', e.target.value as IntegrationClientInput['kind'])}>
                {INTEGRATION_CLIENT_KINDS.map((kind) => <FormControlLabel key={kind} value={kind} control={<Radio />} label={t(`integrations.kindHelp.${kind}`)} />)}
              </RadioGroup>
            </FormControl>
            <FormControl error={Boolean(problems.permissions)} component="fieldset">
              <FormLabel component="legend">{t('integrations.fields.permissions')}</FormLabel>
              <FormGroup>
                {INTEGRATION_PERMISSIONS.map((permission) => (
                  <FormControlLabel
                    key={permission}
                    control={<Checkbox checked={form.permissions.includes(permission)} onChange={(e) => togglePermission(permission, e.target.checked)} />}
                    label={t(`integrations.permissions.${permission}`)}
                    disabled={!permissionAllowsRole(permission, form.role)}
                  />
                ))}
              </FormGroup>
              {problems.permissions && <FormHelperText>{message('permissions')}</FormHelperText>}
            </FormControl>
            {form.permissions.includes('devices.ingest') && (
              <FormControl error={Boolean(problems.subjectIds)}>
                {/* One external id scope at most: ticking one unticks the other. */}
                {(['smart4health', 'holobalance'] as const).map((kind) => (
                  <FormControlLabel
                    key={kind}
                    control={<Checkbox checked={form.subjectIds === kind} onChange={(e) => set('subjectIds', e.target.checked ? kind : 'geria')} />}
                    label={t(`integrations.subjectIds.${kind}`)}
                  />
                ))}
                {problems.subjectIds && <FormHelperText>{message('subjectIds')}</FormHelperText>}
              </FormControl>
            )}
          </Stack>
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>{t('cancel')}</Button>
        <Button type="submit" form="create-client-form" variant="contained" disabled={create.isPending}>{t('integrations.create.submit')}</Button>
      </DialogActions>
    </Dialog>
  );
}
