import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PatientPageHeader } from '../../../components/PatientPageHeader.tsx';
import type { ScreenProps } from '../../../lib/screen.ts';
import { FiringsTable } from '../components/FiringsTable.tsx';
import { RulesList } from '../components/RulesList.tsx';

/** The record section: the rules that concern the participant and their firings. */
export function ParticipantInterventions({ participantId }: { participantId: string }) {
  const { t } = useTranslation('interventions');
  return (
    <section aria-labelledby="participant-interventions">
      <Typography id="participant-interventions" component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>{t('participant.rules')}</Typography>
      <RulesList participantId={participantId} />
      <Button component={RouterLink} to={`/interventions/new?participant=${participantId}`} startIcon={<AddIcon />} sx={{ mt: 1 }}>{t('participant.newRule')}</Button>
      <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>{t('participant.firings')}</Typography>
      <FiringsTable participantId={participantId} />
    </section>
  );
}

/** `/interventions/:patientID/show` and `/patient/:patientID/interventions`: one participant's interventions. */
export function ParticipantInterventionsPage({ route }: ScreenProps) {
  const { t } = useTranslation('interventions');
  const { patientID = '' } = useParams();
  // Reached from the record (under Patients) or from the rules (under Interventions).
  const fromRules = route.path.startsWith('/interventions');
  return (
    <>
      <PatientPageHeader patientId={patientID} title={t('participant.title')}
        before={fromRules ? [{ label: t('rules.title'), to: '/interventions/medical' }] : undefined} />
      <ParticipantInterventions participantId={patientID} />
    </>
  );
}
