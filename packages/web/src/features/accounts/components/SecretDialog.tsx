import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.ts';
import type { ClientWithSecret } from '../api/integration-clients.ts';

/**
 * A new client's secret or API key, shown this once (only its hash is kept), with a copy button.
 * After a rotation it says until when the previous one still works.
 */
export function SecretDialog({ created, onClose }: { created: ClientWithSecret; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const format = useFormat();
  const [copied, setCopied] = useState(false);
  const { client, secret } = created;
  const apiKey = client.kind === 'apikey';
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="secret-title" maxWidth="sm" fullWidth>
      <DialogTitle id="secret-title">{t(apiKey ? 'integrations.secret.apiKeyTitle' : 'integrations.secret.title', { name: client.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('integrations.secret.once')}</Alert>
          {!apiKey && <TextField label={t('integrations.fields.clientId')} value={client.clientId} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />}
          <TextField
            label={t(apiKey ? 'integrations.kinds.apikey' : 'integrations.secret.secret')}
            value={secret}
            fullWidth
            multiline
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'integration-secret', style: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
          />
          <Typography color="text.secondary">
            {t(apiKey ? 'integrations.secret.apiKeyUse' : 'integrations.secret.oauthUse')}
          </Typography>
          {client.previousSecretValidUntil && (
            <Alert severity="info">{t('integrations.secret.grace', { until: format.dateTime(client.previousSecretValidUntil) })}</Alert>
          )}
          <div role="status">{copied ? t('integrations.secret.copied') : ''}</div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => { void copy(); }}>{t('integrations.secret.copy')}</Button>
        <Button variant="contained" onClick={onClose}>{t('integrations.secret.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
