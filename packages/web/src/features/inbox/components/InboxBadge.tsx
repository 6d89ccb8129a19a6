import { hasAnyRole, INBOX_ROLES, type SessionUser } from '@geria/domain';
import MailIcon from '@mui/icons-material/Mail';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLiveUnread } from '../api/live.ts';

/** The top bar's link to the inbox with the live unread count. */
export function InboxBadge({ user }: { user: SessionUser }) {
  const { t } = useTranslation('inbox');
  const allowed = hasAnyRole(user.roles, INBOX_ROLES);
  const unread = useLiveUnread(allowed);
  if (!allowed) return null;
  return (
    <IconButton color="inherit" component={RouterLink} to="/inbox" aria-label={t('badge', { count: unread ?? 0 })} data-testid="inbox-badge">
      <Badge badgeContent={unread ?? 0} color="error" max={99}><MailIcon /></Badge>
    </IconButton>
  );
}
