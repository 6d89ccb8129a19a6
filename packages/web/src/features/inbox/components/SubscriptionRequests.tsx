import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useAnswerSubscription, useSubscriptions, type SubscriptionItem } from '../api/subscriptions.ts';

/** A manager can hold a whole site's participants: the accepted ones are paged so pending requests stay in sight. */
const ACCEPTED_PAGE_SIZE = 10;

function Subscription({ s }: { s: SubscriptionItem }) {
  const { t } = useTranslation('inbox');
  const answer = useAnswerSubscription();
  return (
    <ListItem divider sx={{ gap: 2, flexWrap: 'wrap' }}>
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
  );
}

/** Requests to be a participant's care-centre manager (accept / decline), then the accepted ones with their notifications switch. */
export function SubscriptionRequests() {
  const { t } = useTranslation('inbox');
  const subscriptions = useSubscriptions();
  const [page, setPage] = useState(0);
  const items = subscriptions.data?.items ?? [];
  const pending = items.filter((i) => !i.accepted);
  const accepted = items.filter((i) => i.accepted);
  const pages = Math.ceil(accepted.length / ACCEPTED_PAGE_SIZE);
  const shown = accepted.slice(Math.min(page, Math.max(0, pages - 1)) * ACCEPTED_PAGE_SIZE).slice(0, ACCEPTED_PAGE_SIZE);
  return (
    <>
      <section aria-labelledby="subscriptions-title">
        <Typography id="subscriptions-title" component="h2" variant="h6" sx={{ mt: 4, mb: 1 }}>{t('subscriptions.title')}</Typography>
        {subscriptions.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
        {subscriptions.data && pending.length === 0 && <EmptyState message={t('subscriptions.empty')} />}
        {pending.length > 0 && (
          <Paper variant="outlined" sx={{ mt: 1 }}>
            <List disablePadding aria-label={t('subscriptions.title')}>
              {pending.map((s) => <Subscription key={s.participantId} s={s} />)}
            </List>
          </Paper>
        )}
      </section>
      {accepted.length > 0 && (
        <section aria-labelledby="managed-title">
          <Typography id="managed-title" component="h2" variant="h6" sx={{ mt: 4, mb: 1 }}>{t('subscriptions.managed', { total: accepted.length })}</Typography>
          <Paper variant="outlined">
            <List disablePadding aria-label={t('subscriptions.managed', { total: accepted.length })}>
              {shown.map((s) => <Subscription key={s.participantId} s={s} />)}
            </List>
          </Paper>
          {pages > 1 && <Pagination sx={{ mt: 2 }} count={pages} page={Math.min(page, pages - 1) + 1} onChange={(_e, p) => setPage(p - 1)} />}
        </section>
      )}
    </>
  );
}
