import { menuFor, type MenuEntry, type Role } from '@geria/domain';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { menuIcon } from './menu-icons.tsx';

const isActive = (path: string, pathname: string) =>
  path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);

function EntryLink({ entry, nested = false, onNavigate }: { entry: MenuEntry; nested?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <ListItemButton
      component={NavLink}
      to={entry.path}
      end={entry.path === '/'}
      selected={isActive(entry.path, pathname)}
      onClick={onNavigate}
      data-menu-key={entry.key}
      sx={nested ? { pl: 4 } : undefined}
    >
      <ListItemIcon>{menuIcon(entry.icon)}</ListItemIcon>
      <ListItemText primary={t(entry.label)} />
    </ListItemButton>
  );
}

function EntryGroup({ entry, onNavigate }: { entry: MenuEntry; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => isActive(entry.path, pathname));
  const listId = useId();
  return (
    <>
      <ListItemButton aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)} data-menu-key={entry.key}>
        <ListItemIcon>{menuIcon(entry.icon)}</ListItemIcon>
        <ListItemText primary={t(entry.label)} />
        {open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        {/* A div like the outer list: a nested <ul> would hold links that are not list items. */}
        <List id={listId} disablePadding component="div">
          {entry.children?.map((child) => <EntryLink key={child.key} entry={child} nested onNavigate={onNavigate} />)}
        </List>
      </Collapse>
    </>
  );
}

/** The entries of the domain side menu the user's roles are shown (SPEC §2). */
export function SideMenuList({ roles, onNavigate }: { roles: readonly Role[]; onNavigate?: () => void }) {
  return (
    <List component="div">
      {menuFor(roles).map((entry) =>
        entry.children ? (
          <EntryGroup key={entry.key} entry={entry} onNavigate={onNavigate} />
        ) : (
          <EntryLink key={entry.key} entry={entry} onNavigate={onNavigate} />
        ),
      )}
    </List>
  );
}
