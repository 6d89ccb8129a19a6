import AccessibilityIcon from '@mui/icons-material/Accessibility';
import DownloadIcon from '@mui/icons-material/Download';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupsIcon from '@mui/icons-material/Groups';
import HealingIcon from '@mui/icons-material/Healing';
import HomeIcon from '@mui/icons-material/Home';
import InboxIcon from '@mui/icons-material/Inbox';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { ReactElement } from 'react';

/** The icon of each domain menu entry (`MenuEntry.icon`). */
const ICONS: Record<string, ReactElement> = {
  home: <HomeIcon />,
  users: <ManageAccountsIcon />,
  patients: <GroupsIcon />,
  notebooks: <MenuBookIcon />,
  interventions: <MedicalServicesIcon />,
  medical: <LocalHospitalIcon />,
  notifications: <NotificationsActiveIcon />,
  logs: <ListAltIcon />,
  inbox: <InboxIcon />,
  gdpr: <PrivacyTipIcon />,
  techsupport: <SupportAgentIcon />,
  ic: <AccessibilityIcon />,
  instruments: <FactCheckIcon />,
  exports: <DownloadIcon />,
};

export const menuIcon = (name: string): ReactElement => ICONS[name] ?? <HealingIcon />;
