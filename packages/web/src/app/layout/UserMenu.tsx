import { displayRole, type SessionUser } from '@geria/domain';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Full name and first displayable role of the signed-in user, with the Logout entry. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const role = displayRole(user.roles);
  const roleName = t(`roles.${role ?? 'none'}`);

  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleIcon />}
        aria-label={`${t('userMenu.label')}: ${t('userMenu.summary', { name: user.fullName, role: roleName })}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textAlign: 'left' }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'flex' }, flexDirection: 'column', lineHeight: 1.2 }}>
          <span>{user.fullName}</span>
          <Typography component="span" variant="caption" sx={{ opacity: 0.85 }}>{roleName}</Typography>
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography>{user.fullName}</Typography>
          <Typography variant="body2" color="text.secondary">{roleName}</Typography>
          {user.organisation && <Typography variant="body2" color="text.secondary">{user.organisation}</Typography>}
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void navigate('/logout');
          }}
        >
          <ListItemIcon><LogoutIcon fontSize="small" /></ListItemIcon>
          <ListItemText primary={t('userMenu.logout')} />
        </MenuItem>
      </Menu>
    </>
  );
}
