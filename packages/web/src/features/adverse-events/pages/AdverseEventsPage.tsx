import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PatientPageHeader } from '../../../components/PatientPageHeader.tsx';
import type { ScreenProps } from '../../../lib/screen.ts';
import { AdverseEventsSection } from '../components/AdverseEventsSection.tsx';

/** `/patient/{id}/adverse-events`: the participant's adverse events on their own page (the same list and form as the record's section). */
export function AdverseEventsPage({ route }: ScreenProps) {
  const { t } = useTranslation('shell');
  const participantId = useParams().patientID ?? '';
  return (
    <>
      <PatientPageHeader patientId={participantId} title={t(route.title ?? 'routes.Patient.AdverseEvents')} />
      <AdverseEventsSection participantId={participantId} />
    </>
  );
}
