import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { memo, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RenderWhenNear } from '../../../components/RenderWhenNear.tsx';
import { Staggered } from '../../../components/Staggered.tsx';
import type { PatientSection, ScreenProps } from '../../../lib/screen.ts';
import { useParticipant } from '../api/participants.ts';
import { AudiogramSection } from '../components/AudiogramSection.tsx';
import { DemographicsSection } from '../components/DemographicsSection.tsx';
import { DevicesSection } from '../components/DevicesSection.tsx';
import { IdentitiesSection } from '../components/IdentitiesSection.tsx';
import { MedicationsSection } from '../components/MedicationsSection.tsx';
import { RecordSummary } from '../components/RecordSummary.tsx';
import { SupplementsSection } from '../components/SupplementsSection.tsx';

const NO_SECTIONS: readonly PatientSection[] = [];

/** `/patient/:patientID`: the study record, demographics, devices, external ids, medications, supplements and audiograms. */
export function PatientPage({ route, sections = NO_SECTIONS }: ScreenProps & { sections?: readonly PatientSection[] }) {
  const { t } = useTranslation('participants');
  const { patientID = '' } = useParams();
  const record = useParticipant(patientID);
  const title = t(`shell:${route.title ?? 'routes.Patient'}`);
  // The summary (the screen's largest text) renders as soon as the record arrives; the dozen
  // sections below mount in a transition, which React renders in slices instead of one long task.
  const sectionsFor = useDeferredValue(record.data ? patientID : undefined);
  return (
    <>
      <PageHeader title={record.data ? `${record.data.firstName} ${record.data.lastName}` : title} trail={[{ label: t('shell:routes.Patients'), to: '/patient' }]}
        actions={(
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to={`/patient/${patientID}/summary`} startIcon={<PrintIcon />}>{t('summary.open')}</Button>
            <Button component={RouterLink} to={`/patient/${patientID}/assessment`} variant="outlined">{t('shell:routes.Patient.Assessments')}</Button>
          </Stack>
        )} />
      {record.isPending && <CenteredProgress label={t('section.loading')} />}
      {record.isError && <Alert severity="error">{t('messages:participants.messages.patient.loadError')}</Alert>}
      {record.data && (
        <Stack spacing={3}>
          <RecordSummary record={record.data} />
          {sectionsFor === patientID && <Sections participantId={patientID} sections={sections} />}
        </Stack>
      )}
    </>
  );
}

/** About a short section's height, and the demographics form's on a wide screen: the place a section keeps until it renders. */
const SECTION_PLACEHOLDER_PX = 200;
const FORM_PLACEHOLDER_PX = 600;

/**
 * The record's sections, memoised: a change of the record alone (its summary) does not render them
 * again. They mount one by one (Staggered), the form at the top first, each once it comes near the
 * viewport or the page has settled (RenderWhenNear): on a phone the summary fills the first screen.
 */
const Sections = memo(function Sections({ participantId, sections }: { participantId: string; sections: readonly PatientSection[] }) {
  const { t } = useTranslation('participants');
  const near = (key: string, section: React.ReactNode, minHeight = SECTION_PLACEHOLDER_PX) => <RenderWhenNear key={key} minHeight={minHeight}>{section}</RenderWhenNear>;
  return (
    <Staggered>
      {near('demographics', <DemographicsSection participantId={participantId} />, FORM_PLACEHOLDER_PX)}
      {near('devices', <DevicesSection participantId={participantId} />)}
      {near('identities', <IdentitiesSection participantId={participantId} />)}
      {near('medications', <MedicationsSection participantId={participantId} />)}
      {near('supplements', <SupplementsSection participantId={participantId} />)}
      {near('audiograms', <AudiogramSection participantId={participantId} />)}
      {sections.map((Section, i) => near(`section-${i}`, (
        <Suspense fallback={<CenteredProgress label={t('section.loading')} />}><Section participantId={participantId} /></Suspense>
      )))}
    </Staggered>
  );
});
