import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useDeferredData } from '../../../lib/deferred-data.ts';
import { useLatest } from '../api/devicedata.ts';
import { LatestValuesTable } from './LatestValuesTable.tsx';

/** The patient record's device-data section: latest values, with links to clinical data and measurements. */
export function DeviceDataSection({ participantId }: { participantId: string }) {
  const { t } = useTranslation('devicedata');
  const latest = useLatest(participantId);
  // The values render as a non-urgent update (lib/deferred-data.ts): the record's sections arriving together are not one long task.
  const shown = useDeferredData(latest.data, latest.isError);
  return (
    <Card variant="outlined">
      <CardHeader title={t('latest.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {shown.isPending ? <CenteredProgress label={t('shell:app.loading')} />
          : latest.isError || !shown.data ? <Alert severity="error">{t('loadFailed')}</Alert>
            : shown.data.length === 0 ? <EmptyState message={t('latest.empty')} /> : <LatestValuesTable values={shown.data} />}
      </CardContent>
      <CardActions>
        <Button component={Link} to={`/patient/${participantId}/clinical-data`}>{t('shell:routes.Patient.ClinicalData')}</Button>
        <Button component={Link} to={`/patient/${participantId}/measurements`}>{t('shell:routes.Patient.Measurements')}</Button>
      </CardActions>
    </Card>
  );
}
