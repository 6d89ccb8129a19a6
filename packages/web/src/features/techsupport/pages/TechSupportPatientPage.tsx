import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { IDENTITY_SCOPES } from '@geria/domain';
import { IDENTITY_STATUSES } from '@geria/domain/rules/participants-record.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { InactivityChip } from '../../../components/InactivityChip.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { useDevices, useExternalIds, useTechSupportRow } from '../api/techsupport.ts';
import { TransmissionsCard } from '../components/TransmissionsCard.tsx';

const nameOf = <T extends Record<string, number>>(codes: T, code: number) => Object.entries(codes).find(([, c]) => c === code)?.[0] ?? 'unknown';

function Section({ title, state, children }: { title: string; state: { isPending: boolean; isError: boolean; empty: boolean; emptyText: string }; children: ReactNode }) {
  const { t } = useTranslation(['techsupport', 'participants']);
  return (
    <Card variant="outlined">
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {state.isPending ? <CenteredProgress label={t('shell:app.loading')} />
          : state.isError ? <Alert severity="error">{t('loadFailed')}</Alert>
            : state.empty ? <EmptyState message={state.emptyText} /> : children}
      </CardContent>
    </Card>
  );
}

/** `/techsupport/{id}`: one participant's devices (status, last use) and external ids, without clinical values. */
export function TechSupportPatientPage({ route }: ScreenProps) {
  const { t } = useTranslation(['techsupport', 'participants']);
  const format = useFormat();
  const id = useParams().patientID ?? '';
  const organisation = useAuth().user?.organisation ?? '';
  const row = useTechSupportRow(organisation, id);
  const devices = useDevices(id);
  const identities = useExternalIds(id);
  return (
    <>
      <PageHeader
        title={row.data ? row.data.fullName : t(`shell:${route.title ?? 'routes.TechSupport.Patient'}`)}
        trail={[{ label: t('shell:routes.TechSupport.Patients'), to: '/techsupport' }]}
        actions={row.data && <InactivityChip lastUse={row.data.lastDeviceUse} />}
      />
      <Stack spacing={3}>
        <Section title={t('participants:devices.title')} state={{ ...devices, empty: devices.data?.length === 0, emptyText: t('participants:devices.empty') }}>
          <Table size="small" aria-label={t('participants:devices.title')}>
            <TableHead><TableRow>
              <TableCell>{t('participants:devices.type')}</TableCell><TableCell>{t('participants:devices.serial')}</TableCell>
              <TableCell>{t('participants:devices.status')}</TableCell><TableCell>{t('participants:devices.lastUsed')}</TableCell><TableCell>{t('participants:list.inactivity')}</TableCell>
            </TableRow></TableHead>
            <TableBody>
              {devices.data?.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{t(`participants:devices.types.${d.type}`)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{d.serial}</TableCell>
                  <TableCell><Chip size="small" variant="outlined" label={t(`participants:devices.statuses.${d.status}`)} /></TableCell>
                  <TableCell>{d.LastUsed ? format.dateTime(d.LastUsed) : '—'}</TableCell>
                  <TableCell><InactivityChip lastUse={d.LastUsed} /></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
        <TransmissionsCard participantId={id} />
        <Section title={t('participants:identities.title')} state={{ ...identities, empty: identities.data?.length === 0, emptyText: t('participants:identities.empty') }}>
          <Table size="small" aria-label={t('participants:identities.title')}>
            <TableHead><TableRow>
              <TableCell>{t('participants:identities.scope')}</TableCell><TableCell>{t('participants:identities.identityId')}</TableCell><TableCell>{t('participants:identities.status')}</TableCell>
            </TableRow></TableHead>
            <TableBody>
              {identities.data?.map((i) => (
                <TableRow key={i.id}>
                  <TableCell>{t(`participants:identities.scopes.${nameOf(IDENTITY_SCOPES, i.Scope)}`)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{i.IdentityID}</TableCell>
                  <TableCell>{t(`participants:identities.statuses.${nameOf(IDENTITY_STATUSES, i.Status)}`)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      </Stack>
    </>
  );
}
