import type { SessionUser } from '@geria/domain';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../components/LanguageMenu.tsx';
import { InboxBadge } from '../../features/inbox/components/InboxBadge.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useRouteTitle } from './use-route-title.ts';

export interface TopBarProps {
  user: SessionUser;
  menuOpen: boolean;
  menuId: string;
  onMenuToggle: () => void;
}

/** Title of the current route, language menu and user menu. */
export function TopBar({ user, menuOpen, menuId, onMenuToggle }: TopBarProps) {
  const { t } = useTranslation('shell');
  const title = useRouteTitle();
  return (
    <AppBar component="header" position="fixed" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={menuOpen ? t('layout.closeMenu') : t('layout.openMenu')}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={onMenuToggle}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.5, mr: 2 }}>
          {t('app.name')}
        </Typography>
        <Typography component="p" variant="h6" sx={{ flexGrow: 1, fontWeight: 400 }} noWrap>
          {title}
        </Typography>
        <InboxBadge user={user} />
        <LanguageMenu />
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
