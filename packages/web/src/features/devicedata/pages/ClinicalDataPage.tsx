import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PatientPageHeader } from '../../../components/PatientPageHeader.tsx';
import type { ScreenProps } from '../../../lib/screen.ts';
import { isoDay, useDeviceTypes, useLatest } from '../api/devicedata.ts';
import { BalanceSessions } from '../components/BalanceSessions.tsx';
import { HealthReports } from '../components/HealthReports.tsx';
import { HoloBalanceSessions } from '../components/HoloBalanceSessions.tsx';
import { Homehub } from '../components/Homehub.tsx';
import { LatestValuesTable } from '../components/LatestValuesTable.tsx';
import { PostureChart } from '../components/PostureChart.tsx';
import { PostureHoursChart } from '../components/PostureHoursChart.tsx';
import { SeriesGrid } from '../components/SeriesGrid.tsx';

const TABS = ['general', 'healthApp', 'training', 'homehub'] as const;
type TabName = (typeof TABS)[number];
/** The screen shows the last 30 days. */
const DAYS = 30;

function General({ participantId }: { participantId: string }) {
  const { t } = useTranslation('devicedata');
  const latest = useLatest(participantId);
  if (latest.isPending) return <CenteredProgress label={t('shell:app.loading')} />;
  if (latest.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  return latest.data.length ? <LatestValuesTable values={latest.data} /> : <EmptyState message={t('latest.empty')} />;
}

function HealthApp({ participantId, from, to }: { participantId: string; from: string; to: string }) {
  const { t } = useTranslation('devicedata');
  const devices = useDeviceTypes(participantId);
  const [postureDay, setPostureDay] = useState<string | null>(null);
  return (
    <Stack spacing={3}>
      <HealthReports participantId={participantId} from={from} to={to} />
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">{t('reports.daily')}</Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 6 }}><PostureChart participantId={participantId} from={from} to={to} onDay={setPostureDay} /></Grid>
          <Grid size={{ xs: 12, lg: 6 }}><PostureHoursChart participantId={participantId} from={from} to={to} day={postureDay} onDay={setPostureDay} /></Grid>
          {devices.isPending
            ? <Grid size={12}><CenteredProgress label={t('shell:app.loading')} /></Grid>
            : <SeriesGrid participantId={participantId} from={from} to={to} source="healthApp" deviceTypes={devices.data ?? []} />}
        </Grid>
      </Stack>
    </Stack>
  );
}

/** `/patient/{id}/clinical-data`: the device data by source, the last 30 days. */
export function ClinicalDataPage({ route }: ScreenProps) {
  const { t } = useTranslation('devicedata');
  const participantId = useParams().patientID ?? '';
  const [tab, setTab] = useState<TabName>('general');
  const id = useId();
  const from = isoDay(DAYS - 1);
  const to = isoDay();
  return (
    <>
      <PatientPageHeader patientId={participantId} title={t(`shell:${route.title ?? 'routes.Patient.ClinicalData'}`)} />
      <Tabs value={tab} onChange={(_, value: TabName) => setTab(value)} variant="scrollable" aria-label={t('tabs.label')} sx={{ mb: 2 }}>
        {TABS.map((name) => <Tab key={name} value={name} label={t(`tabs.${name}`)} id={`${id}-tab-${name}`} aria-controls={`${id}-panel-${name}`} />)}
      </Tabs>
      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'general' && <General participantId={participantId} />}
        {tab === 'healthApp' && <HealthApp participantId={participantId} from={from} to={to} />}
        {tab === 'training' && (
          <Stack spacing={3}>
            <BalanceSessions participantId={participantId} from={from} to={to} />
            <HoloBalanceSessions participantId={participantId} from={from} to={to} />
          </Stack>
        )}
        {tab === 'homehub' && <Homehub participantId={participantId} from={from} to={to} />}
      </div>
    </>
  );
}
