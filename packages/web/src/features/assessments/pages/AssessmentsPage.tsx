import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { PatientPageHeader } from '../../../components/PatientPageHeader.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useAssessments, useCreateAssessment, useWorkingState } from '../api/assessments.ts';
import { AssessmentTimeline } from '../components/AssessmentTimeline.tsx';
import { RecruitmentPanel } from '../components/RecruitmentPanel.tsx';
import { useRuleText } from '../components/use-rule-text.ts';

/** `/patient/:patientID/assessment`: the recruitment decision and the assessment timeline. */
export function AssessmentsPage({ route }: ScreenProps) {
  const { t } = useTranslation('assessments');
  const { patientID = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { text } = useRuleText();
  const state = useWorkingState(patientID);
  const list = useAssessments(patientID);
  const create = useCreateAssessment(patientID);

  const createNext = () => create.mutate(undefined, {
    onSuccess: (created) => {
      notify.success('assessments:timeline.created', { number: created.number });
      navigate(`/patient/${patientID}/assessment/${created.id}`);
    },
    // A refused gate is explained by its own message; anything else is the initialisation error of SPEC §8.
    onError: (error) => notify.error(error instanceof ApiError && error.status === 422 ? `messages:${error.code}` : 'messages:assessments.errors.initialisation'),
  });

  const view = state.data;
  const gate = list.data?.canCreate;
  return (
    <>
      <PatientPageHeader patientId={patientID} title={t(`shell:${route.title ?? 'routes.Patient.Assessments'}`)}
        actions={gate && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={createNext} disabled={!gate.ok || create.isPending}>
            {t('timeline.create')}
          </Button>
        )} />
      {(state.isPending || list.isPending) && <CenteredProgress label={t('loading')} />}
      {(state.isError || list.isError) && <Alert severity="error">{t('loadError')}</Alert>}
      {view && list.data && (
        <Stack spacing={3}>
          {!view.gates.openAssessments.ok && <Alert severity="warning">{text(view.gates.openAssessments)}</Alert>}
          {view.gates.openAssessments.ok && !view.gates.profiling.ok && view.state.numberOfAssessments! > 0 && (
            <Alert severity="warning">{text(view.gates.profiling)}</Alert>
          )}
          <RecruitmentPanel patientId={patientID} view={view} />
          <section aria-labelledby="timeline-title">
            <Stack spacing={1.5}>
              <Typography id="timeline-title" variant="h6" component="h2">{t('timeline.title')}</Typography>
              {gate && !gate.ok && <Alert severity="info">{text(gate)}</Alert>}
              <AssessmentTimeline patientId={patientID} items={list.data.items} />
            </Stack>
          </section>
        </Stack>
      )}
    </>
  );
}
