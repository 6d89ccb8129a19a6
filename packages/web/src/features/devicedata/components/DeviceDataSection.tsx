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
import { useLatest } from '../api/devicedata.ts';
import { LatestValuesTable } from './LatestValuesTable.tsx';

/** The patient record's device-data section: latest values, with links to clinical data and measurements. */
export function DeviceDataSection({ participantId }: { participantId: string }) {
  const { t } = useTranslation('devicedata');
  const latest = useLatest(participantId);
  return (
    <Card variant="outlined">
      <CardHeader title={t('latest.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {latest.isPending ? <CenteredProgress label={t('shell:app.loading')} />
          : latest.isError ? <Alert severity="error">{t('loadFailed')}</Alert>
            : latest.data.length === 0 ? <EmptyState message={t('latest.empty')} /> : <LatestValuesTable values={latest.data} />}
      </CardContent>
      <CardActions>
        <Button component={Link} to={`/patient/${participantId}/clinical-data`}>{t('shell:routes.Patient.ClinicalData')}</Button>
        <Button component={Link} to={`/patient/${participantId}/measurements`}>{t('shell:routes.Patient.Measurements')}</Button>
      </CardActions>
    </Card>
  );
}
