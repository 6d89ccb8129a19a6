import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { ScreenOutlet } from '../router/ScreenOutlet.tsx';
import { usePatientCacheScope } from '../router/patient-cache-scope.ts';
import { Footer } from './Footer.tsx';
import { SideMenuList } from './SideMenu.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';
import { TopBar } from './TopBar.tsx';

const DRAWER_WIDTH = 264;

/** Top bar, side menu, content and footer of every signed-in page. */
export function Shell() {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  const [mobileOpen, setMobileOpen] = useState(false);
  const menuId = useId();
  usePatientCacheScope();
  // One drawer for the screen's width: a hidden copy of the menu (a dozen buttons, links and icons)
  // was rendered, styled and committed with every page on a phone. Read on the first render.
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  // Widened, the phone's menu is gone: closed, so that it does not reopen when the window narrows.
  if (wide && mobileOpen) setMobileOpen(false);

  // Without a session the route guard is about to redirect: no chrome to show.
  if (!user) return <Outlet />;

  const menu = (
    <Box component="nav" id={menuId} aria-label={t('layout.mainMenu')}>
      <SideMenuList roles={user.roles} onNavigate={() => setMobileOpen(false)} />
    </Box>
  );
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <TopBar user={user} menuOpen={mobileOpen} menuId={menuId} onMenuToggle={() => setMobileOpen((open) => !open)} />
      {/* The column under the fixed drawer carries its background, so it reaches the end of long pages. */}
      <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 }, bgcolor: { md: 'background.paper' }, borderRight: { md: 1 }, borderColor: { md: 'divider' } }}>
        {wide ? (
          <Drawer variant="permanent" open sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}>
            <Toolbar />
            {menu}
          </Drawer>
        ) : (
          <Drawer variant="temporary" open={mobileOpen} onClose={() => setMobileOpen(false)} sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}>
            {/* The top bar stays above the open drawer (its button closes it), so the menu starts below it. */}
            <Toolbar />
            {menu}
          </Drawer>
        )}
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {/* At least a screen tall: the footer starts below the fold, so content arriving never pushes it (no layout shift). */}
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, minHeight: '100vh', p: { xs: 2, md: 3 }, outline: 'none' }}>
          <ScreenOutlet />
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
