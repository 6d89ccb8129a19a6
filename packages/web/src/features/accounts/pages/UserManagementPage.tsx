import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { useApprovalTasks, type ManagedUser } from '../api/users.ts';
import { ApprovalTasksPanel } from '../components/ApprovalTasksPanel.tsx';
import { EditUserDialog } from '../components/EditUserDialog.tsx';
import { IntegrationClientsPanel } from '../components/IntegrationClientsPanel.tsx';
import { OutboxPanel } from '../components/OutboxPanel.tsx';
import { UsersTable } from '../components/UsersTable.tsx';

type TabName = 'users' | 'approval' | 'outbox' | 'integrations';

/**
 * `/user-management` (SysAdmin, Tester): the end users, the registrations awaiting approval and,
 * for the SysAdmin, the e-mail outbox and the integration clients. A SysAdmin administers every organisation, a Tester their own.
 */
export function UserManagementPage({ route }: ScreenProps) {
  const { t } = useTranslation('accounts');
  const sysAdmin = useAuth().user?.roles.includes('SysAdmin') ?? false;
  const [tab, setTab] = useState<TabName>('users');
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const pending = useApprovalTasks().data?.total ?? 0;

  return (
    <>
      <PageHeader title={t(`shell:${route.title ?? 'routes.UserManagement'}`)} />
      <Tabs value={tab} onChange={(_e, next: TabName) => setTab(next)} aria-label={t('tabs.label')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="users" label={t('tabs.users')} id="tab-users" aria-controls="panel-users" />
        <Tab
          value="approval"
          id="tab-approval"
          aria-controls="panel-approval"
          label={<Badge color="secondary" badgeContent={pending} sx={{ pr: pending ? 1.5 : 0 }}>{t('tabs.approval')}</Badge>}
        />
        {sysAdmin && <Tab value="outbox" label={t('tabs.outbox')} id="tab-outbox" aria-controls="panel-outbox" />}
        {sysAdmin && <Tab value="integrations" label={t('tabs.integrations')} id="tab-integrations" aria-controls="panel-integrations" />}
      </Tabs>
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'users' && <UsersTable onEdit={setEditing} />}
        {tab === 'approval' && <ApprovalTasksPanel onAssignRole={setEditing} />}
        {tab === 'outbox' && sysAdmin && <OutboxPanel />}
        {tab === 'integrations' && sysAdmin && <IntegrationClientsPanel />}
      </Box>
      {editing && <EditUserDialog key={editing.id} user={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
