import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { ApiError, describeError } from '../../../lib/api-error.ts';
import {
  useDeleteIntegrationClient, useIntegrationClients, useRotateIntegrationClient, useSetIntegrationClientEnabled,
  type ClientWithSecret, type IntegrationClient,
} from '../api/integration-clients.ts';
import { CreateClientDialog } from './CreateClientDialog.tsx';
import { SecretDialog } from './SecretDialog.tsx';

const failureCode = (error: unknown) => (error instanceof ApiError && error.status > 0 && error.status < 500 ? error.code : 'errors.internal');

/** The requests of the last 7 days as small bars (their numbers for screen readers and on hover), and their total. */
function UsageBars({ client }: { client: IntegrationClient }) {
  const { t } = useTranslation('accounts');
  const format = useFormat();
  const days = client.requestsPerDay;
  const max = Math.max(1, ...days.map((d) => d.requests));
  const total = days.reduce((sum, d) => sum + d.requests, 0);
  const described = days.map((d) => `${format.date(`${d.day}T12:00:00Z`)}: ${format.number(d.requests)}`).join(', ');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }} title={described}>
      <Box role="img" aria-label={t('integrations.usageDays', { days: described })} sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: 24 }}>
        {days.map((d) => <Box key={d.day} sx={{ width: 6, height: `${Math.max(2, (d.requests / max) * 24)}px`, bgcolor: d.requests ? 'primary.main' : 'divider' }} />)}
      </Box>
      <Typography variant="body2">{format.number(total)}</Typography>
    </Stack>
  );
}

/**
 * Integration clients (SysAdmin): the machines that call Geria for an organisation, with their use
 * over the last 7 days. Register, rotate (the secret shown once), disable or enable, delete.
 */
export function IntegrationClientsPanel() {
  const { t } = useTranslation('accounts');
  const format = useFormat();
  const notify = useNotify();
  const clients = useIntegrationClients();
  const rotate = useRotateIntegrationClient();
  const setEnabled = useSetIntegrationClientEnabled();
  const remove = useDeleteIntegrationClient();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<ClientWithSecret | null>(null);
  const [deleting, setDeleting] = useState<IntegrationClient | null>(null);
  const [rotating, setRotating] = useState<IntegrationClient | null>(null);

  if (clients.isPending) return <CenteredProgress label={t('shell:app.loading')} />;
  if (clients.isError) return <Alert severity="error">{t(`messages:${describeError(clients.error).code}`)}</Alert>;

  const onRotate = (client: IntegrationClient) => rotate.mutate(client.clientId, {
    onSuccess: (result) => { setRotating(null); setSecret(result); },
    onError: (error) => { setRotating(null); notify.alert(failureCode(error)); },
  });
  const onToggle = (client: IntegrationClient) => setEnabled.mutate({ clientId: client.clientId, enabled: Boolean(client.disabledAt) }, {
    onSuccess: () => notify.success(client.disabledAt ? 'accounts:integrations.enabled' : 'accounts:integrations.disabled', { name: client.name }),
    onError: (error) => notify.alert(failureCode(error)),
  });
  const onDelete = (client: IntegrationClient) => remove.mutate(client.clientId, {
    onSuccess: () => { setDeleting(null); notify.success('accounts:integrations.deleted', { name: client.name }); },
    onError: (error) => { setDeleting(null); notify.alert(failureCode(error)); },
  });

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography color="text.secondary">{t('integrations.intro')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ flexShrink: 0 }}>{t('integrations.create.open')}</Button>
      </Stack>
      {clients.data.items.length === 0 ? <EmptyState message={t('integrations.empty')} /> : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('tabs.integrations')} size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('integrations.fields.name')}</TableCell>
                <TableCell>{t('fields.organisation')}</TableCell>
                <TableCell>{t('integrations.fields.access')}</TableCell>
                <TableCell>{t('fields.createdAt')}</TableCell>
                <TableCell>{t('integrations.fields.lastUsed')}</TableCell>
                <TableCell>{t('integrations.fields.requests')}</TableCell>
                <TableCell>{t('fields.status')}</TableCell>
                <TableCell align="right">{t('users.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {clients.data.items.map((client) => (
                <TableRow key={client.clientId}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>{client.name}</Typography>
                    <Typography variant="body2" color="text.secondary">{client.description}</Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{client.clientId}</Typography>
                  </TableCell>
                  <TableCell>{client.organisation}</TableCell>
                  <TableCell>
                    <Typography variant="body2">{t(`shell:roles.${client.role}`, { defaultValue: client.role })} · {t(`integrations.kinds.${client.kind}`)}</Typography>
                    {client.permissions.map((p) => (
                      <Typography key={p} variant="body2" color="text.secondary">{t(`integrations.permissions.${p}`, { defaultValue: p })}</Typography>
                    ))}
                    {client.subjectIds !== 'geria' && (
                      <Typography variant="body2" color="text.secondary">{t(client.subjectIds === 'smart4health' ? 'integrations.subjectIds.listed' : 'integrations.subjectIds.listedHolobalance')}</Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(client.createdAt)}</TableCell>
                  <TableCell sx={{ minWidth: 110 }}>{client.lastUsedAt ? format.dateTime(client.lastUsedAt) : t('integrations.never')}</TableCell>
                  <TableCell><UsageBars client={client} /></TableCell>
                  <TableCell>
                    <Chip size="small" color={client.disabledAt ? 'default' : 'success'} variant="outlined"
                      label={t(client.disabledAt ? 'integrations.status.disabled' : 'integrations.status.enabled')} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                      <Tooltip title={t('integrations.actions.rotate')}>
                        <IconButton onClick={() => setRotating(client)} aria-label={t('integrations.actions.rotateOf', { name: client.name })}><AutorenewIcon /></IconButton>
                      </Tooltip>
                      <Tooltip title={t(client.disabledAt ? 'integrations.actions.enable' : 'integrations.actions.disable')}>
                        <span>
                          <IconButton onClick={() => onToggle(client)} disabled={setEnabled.isPending}
                            aria-label={t(client.disabledAt ? 'integrations.actions.enableOf' : 'integrations.actions.disableOf', { name: client.name })}>
                            {client.disabledAt ? <PlayArrowIcon /> : <BlockIcon />}
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('integrations.actions.delete')}>
                        <IconButton color="error" onClick={() => setDeleting(client)} aria-label={t('integrations.actions.deleteOf', { name: client.name })}><DeleteIcon /></IconButton>
                      </Tooltip>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {creating && <CreateClientDialog onClose={() => setCreating(false)} onCreated={(created) => { setCreating(false); setSecret(created); }} />}
      {secret && <SecretDialog created={secret} onClose={() => setSecret(null)} />}
      {rotating && (
        <Confirm title={t('integrations.rotate.title', { name: rotating.name })} text={t('integrations.rotate.text')} action={t('integrations.actions.rotate')}
          busy={rotate.isPending} onConfirm={() => onRotate(rotating)} onClose={() => setRotating(null)} />
      )}
      {deleting && (
        <Confirm title={t('integrations.delete.title', { name: deleting.name })} text={t('integrations.delete.text')} action={t('integrations.actions.delete')}
          busy={remove.isPending} danger onConfirm={() => onDelete(deleting)} onClose={() => setDeleting(null)} />
      )}
    </Stack>
  );
}

function Confirm({ title, text, action, busy, danger, onConfirm, onClose }: {
  title: string; text: string; action: string; busy: boolean; danger?: boolean; onConfirm: () => void; onClose: () => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="confirm-client-title" aria-describedby="confirm-client-text">
      <DialogTitle id="confirm-client-title">{title}</DialogTitle>
      <DialogContent><DialogContentText id="confirm-client-text">{text}</DialogContentText></DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{t('cancel')}</Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" color={danger ? 'error' : 'primary'}>{action}</Button>
      </DialogActions>
    </Dialog>
  );
}
