import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import type { ScreenProps } from '../../../lib/screen.ts';
import { AdverseEventsSection } from '../components/AdverseEventsSection.tsx';

/** `/patient/{id}/adverse-events`: the participant's adverse events on their own page (the same list and form as the record's section). */
export function AdverseEventsPage({ route }: ScreenProps) {
  const { t } = useTranslation('shell');
  const participantId = useParams().patientID ?? '';
  return (
    <>
      <PageHeader
        title={t(route.title ?? 'routes.Patient.AdverseEvents')}
        trail={[{ label: t('routes.Patients'), to: '/patient' }, { label: t('routes.Patient'), to: `/patient/${participantId}` }]}
      />
      <AdverseEventsSection participantId={participantId} />
    </>
  );
}
