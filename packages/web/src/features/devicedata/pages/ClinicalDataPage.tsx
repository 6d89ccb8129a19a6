import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import type { ScreenProps } from '../../../lib/screen.ts';
import { isoDay, useLatest, useSeries } from '../api/devicedata.ts';
import { LatestValuesTable } from '../components/LatestValuesTable.tsx';
import { MeasurementChart, type Statistic } from '../components/MeasurementChart.tsx';

const TABS = ['general', 'healthApp', 'training', 'homehub'] as const;
type TabName = (typeof TABS)[number];
const FILTERS = ['all', 'min', 'max', 'avg'] as const;
type Filter = (typeof FILTERS)[number];
const statisticsOf = (filter: Filter): Statistic[] => (filter === 'all' ? ['avg', 'min', 'max'] : [filter]);

function SourceCharts({ participantId, source, filter }: { participantId: string; source: 'healthApp' | 'homehub'; filter?: Filter }) {
  const { t } = useTranslation('devicedata');
  const data = useSeries(participantId, isoDay(29), isoDay());
  if (data.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  const series = data.data?.series.filter((s) => s.source === source);
  return (
    <Grid container spacing={2}>
      {data.isPending ? <Grid size={12}><MeasurementChart series={undefined} loading /></Grid>
        : series!.map((s) => (
          <Grid key={s.key} size={{ xs: 12, lg: 6 }}>
            <MeasurementChart series={s} loading={false} statistics={filter ? statisticsOf(filter) : undefined} />
          </Grid>
        ))}
    </Grid>
  );
}

function General({ participantId }: { participantId: string }) {
  const { t } = useTranslation('devicedata');
  const latest = useLatest(participantId);
  if (latest.isPending) return <CenteredProgress label={t('shell:app.loading')} />;
  if (latest.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  return latest.data.length ? <LatestValuesTable values={latest.data} /> : <EmptyState message={t('latest.empty')} />;
}

/** `/patient/{id}/clinical-data`: the device data by source, the last 30 days. */
export function ClinicalDataPage({ route }: ScreenProps) {
  const { t } = useTranslation('devicedata');
  const participantId = useParams().patientID ?? '';
  const [tab, setTab] = useState<TabName>('general');
  const [filter, setFilter] = useState<Filter>('all');
  const id = useId();
  return (
    <>
      <PageHeader
        title={t(`shell:${route.title ?? 'routes.Patient.ClinicalData'}`)}
        trail={[{ label: t('shell:routes.Patients'), to: '/patient' }, { label: t('shell:routes.Patient'), to: `/patient/${participantId}` }]}
      />
      <Tabs value={tab} onChange={(_, value: TabName) => setTab(value)} variant="scrollable" aria-label={t('tabs.label')} sx={{ mb: 2 }}>
        {TABS.map((name) => <Tab key={name} value={name} label={t(`tabs.${name}`)} id={`${id}-tab-${name}`} aria-controls={`${id}-panel-${name}`} />)}
      </Tabs>
      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'general' && <General participantId={participantId} />}
        {tab === 'healthApp' && <SourceCharts participantId={participantId} source="healthApp" />}
        {tab === 'training' && <EmptyState message={t('training.empty')} />}
        {tab === 'homehub' && (
          <Stack spacing={2}>
            <ToggleButtonGroup exclusive size="small" value={filter} onChange={(_, value: Filter | null) => value && setFilter(value)} aria-label={t('filter.label')}>
              {FILTERS.map((f) => <ToggleButton key={f} value={f}>{t(`filter.${f}`)}</ToggleButton>)}
            </ToggleButtonGroup>
            <SourceCharts participantId={participantId} source="homehub" filter={filter} />
          </Stack>
        )}
      </div>
    </>
  );
}
