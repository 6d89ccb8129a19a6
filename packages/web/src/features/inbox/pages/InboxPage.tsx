import DoneAllIcon from '@mui/icons-material/DoneAll';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useRuleMessageText } from '../../../lib/rule-text.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { useInbox, useMarkAllRead, useMarkRead, type InboxItem } from '../api/inbox.ts';
import { SubscriptionRequests } from '../components/SubscriptionRequests.tsx';

const PAGE_SIZE = 20;

function Notice({ item }: { item: InboxItem }) {
  const { t } = useTranslation('inbox');
  const format = useFormat();
  const text = useRuleMessageText();
  const markRead = useMarkRead();
  const unread = item.readAt === null;
  return (
    <ListItem
      divider
      sx={{ bgcolor: unread ? 'action.hover' : undefined, alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}
    >
      <ListItemText
        // The action wraps below the text on a phone instead of squeezing it into a narrow column.
        sx={{ flex: '1 1 16rem', m: 0 }}
        primary={<>{unread && <Chip size="small" color="primary" label={t('unread')} sx={{ mr: 1 }} />}{text(item.message)}</>}
        secondary={(
          <>
            {format.dateTime(item.createdAt)}{' · '}
            <Link component={RouterLink} underline="always" to={`/patient/${item.participantId}`}>{item.participantName ?? t('openParticipant')}</Link>
          </>
        )}
        slotProps={{ primary: { sx: { fontWeight: unread ? 600 : 400 } } }}
      />
      {unread && <Button size="small" onClick={() => markRead.mutate(item.id)} disabled={markRead.isPending}>{t('markRead')}</Button>}
    </ListItem>
  );
}

/** `/inbox`: the signed-in user's notifications, unread first in emphasis; mark one or all read. */
export function InboxPage({ route }: ScreenProps) {
  const { t } = useTranslation('inbox');
  const [page, setPage] = useState(0);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const inbox = useInbox({ page, pageSize: PAGE_SIZE, unreadOnly });
  const markAll = useMarkAllRead();
  const data = inbox.data;
  return (
    <>
      <PageHeader
        title={t(`shell:${route.title ?? 'routes.Inbox'}`)}
        actions={(
          <Button variant="outlined" startIcon={<DoneAllIcon />} onClick={() => markAll.mutate()} disabled={!data?.unread || markAll.isPending}>
            {t('markAllRead')}
          </Button>
        )}
      />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <FormControlLabel control={<Switch checked={unreadOnly} onChange={(e) => { setUnreadOnly(e.target.checked); setPage(0); }} />} label={t('unreadOnly')} />
        {data && <span>{t('unreadCount', { count: data.unread })}</span>}
      </Stack>
      {inbox.isPending && <CenteredProgress label={t('shell:app.loading')} />}
      {inbox.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {data && data.items.length === 0 && <EmptyState message={t('empty')} />}
      {data && data.items.length > 0 && (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('listLabel')}>
            {data.items.map((item) => <Notice key={item.id} item={item} />)}
          </List>
        </Paper>
      )}
      {data && data.total > PAGE_SIZE && (
        <Pagination sx={{ mt: 2 }} count={Math.ceil(data.total / PAGE_SIZE)} page={page + 1} onChange={(_e, p) => setPage(p - 1)} />
      )}
      <SubscriptionRequests />
    </>
  );
}
