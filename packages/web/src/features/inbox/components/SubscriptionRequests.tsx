import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useAnswerSubscription, useSubscriptions } from '../api/subscriptions.ts';

/** Requests to be a participant's care-centre manager (accept / decline) and the notifications switch of each accepted one. */
export function SubscriptionRequests() {
  const { t } = useTranslation('inbox');
  const subscriptions = useSubscriptions();
  const answer = useAnswerSubscription();
  const items = subscriptions.data?.items ?? [];
  return (
    <section aria-labelledby="subscriptions-title">
      <Typography id="subscriptions-title" component="h2" variant="h6" sx={{ mt: 4, mb: 1 }}>{t('subscriptions.title')}</Typography>
      {subscriptions.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {subscriptions.data && !items.some((i) => !i.accepted) && <EmptyState message={t('subscriptions.empty')} />}
      {items.length > 0 && (
        <Paper variant="outlined" sx={{ mt: 1 }}>
          <List disablePadding aria-label={t('subscriptions.title')}>
            {items.map((s) => (
              <ListItem key={s.participantId} divider sx={{ gap: 2, flexWrap: 'wrap' }}>
                <ListItemText
                  primary={<Link component={RouterLink} underline="always" to={`/patient/${s.participantId}`}>{s.name}</Link>}
                  secondary={s.accepted ? t('subscriptions.accepted') : t('subscriptions.pending')}
                />
                {s.accepted ? (
                  <FormControlLabel label={t('subscriptions.notifications')} control={(
                    <Switch checked={s.notifications} disabled={answer.isPending} onChange={(e) => answer.mutate({ participantId: s.participantId, accepted: true, notifications: e.target.checked })} />
                  )} />
                ) : (
                  <Stack direction="row" spacing={1}>
                    <Button variant="contained" size="small" disabled={answer.isPending} onClick={() => answer.mutate({ participantId: s.participantId, accepted: true })}>{t('subscriptions.accept')}</Button>
                    <Button variant="outlined" size="small" disabled={answer.isPending} onClick={() => answer.mutate({ participantId: s.participantId, accepted: false })}>{t('subscriptions.decline')}</Button>
                  </Stack>
                )}
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </section>
  );
}
