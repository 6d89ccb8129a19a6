import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import type { PatientSection, ScreenProps } from '../../../lib/screen.ts';
import { useParticipant } from '../api/participants.ts';
import { AudiogramSection } from '../components/AudiogramSection.tsx';
import { DemographicsSection } from '../components/DemographicsSection.tsx';
import { DevicesSection } from '../components/DevicesSection.tsx';
import { IdentitiesSection } from '../components/IdentitiesSection.tsx';
import { MedicationsSection } from '../components/MedicationsSection.tsx';
import { RecordSummary } from '../components/RecordSummary.tsx';
import { SupplementsSection } from '../components/SupplementsSection.tsx';

/** `/patient/:patientID`: the study record, demographics, devices, external ids, medications, supplements and audiograms. */
export function PatientPage({ route, sections = [] }: ScreenProps & { sections?: readonly PatientSection[] }) {
  const { t } = useTranslation('participants');
  const { patientID = '' } = useParams();
  const record = useParticipant(patientID);
  const title = t(`shell:${route.title ?? 'routes.Patient'}`);
  return (
    <>
      <PageHeader title={record.data ? `${record.data.firstName} ${record.data.lastName}` : title} trail={[{ label: t('shell:routes.Patients'), to: '/patient' }]}
        actions={<Button component={RouterLink} to={`/patient/${patientID}/assessment`} variant="outlined">{t('shell:routes.Patient.Assessments')}</Button>} />
      {record.isPending && <CenteredProgress label={t('section.loading')} />}
      {record.isError && <Alert severity="error">{t('messages:participants.messages.patient.loadError')}</Alert>}
      {record.data && (
        <Stack spacing={3}>
          <RecordSummary record={record.data} />
          <DemographicsSection participantId={patientID} />
          <DevicesSection participantId={patientID} />
          <IdentitiesSection participantId={patientID} />
          <MedicationsSection participantId={patientID} />
          <SupplementsSection participantId={patientID} />
          <AudiogramSection participantId={patientID} />
          {sections.map((Section, i) => (
            <Suspense key={i} fallback={<CenteredProgress label={t('section.loading')} />}><Section participantId={patientID} /></Suspense>
          ))}
        </Stack>
      )}
    </>
  );
}
