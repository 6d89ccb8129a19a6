import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ASSESSMENT_TABS, TAB_INSTRUMENTS, type AssessmentTab } from '@geria/domain/rules/assessment-tabs.ts';
import { CLINICAL_GROUP_TAB, CLINICAL_FIELD_GROUPS, type ClinicalFieldGroup } from '@geria/domain/rules/assessment-clinical-fields.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { PatientPageHeader } from '../../../components/PatientPageHeader.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { useAssessment, useWorkingState } from '../api/assessments.ts';
import { BalanceWizard } from '../components/BalanceWizard.tsx';
import { ClinicalFieldsForm } from '../components/ClinicalFieldsForm.tsx';
import { ConditionsForm } from '../components/ConditionsForm.tsx';
import { ProfilingForm } from '../components/ProfilingForm.tsx';
import { QuestionnaireList } from '../components/QuestionnaireList.tsx';
import { RecruitmentPanel } from '../components/RecruitmentPanel.tsx';
import { useRuleText } from '../components/use-rule-text.ts';

const groupsOf = (tab: AssessmentTab) =>
  (Object.keys(CLINICAL_FIELD_GROUPS) as ClinicalFieldGroup[]).filter((group) => CLINICAL_GROUP_TAB[group] === tab);

/** `/patient/:patientID/assessment/:encounterID`: one assessment, its condition tabs, questionnaires and clinical fields. */
export function AssessmentPage({ route }: ScreenProps) {
  const { t } = useTranslation('assessments');
  const { patientID = '', encounterID = '' } = useParams();
  const format = useFormat();
  const { text } = useRuleText();
  const state = useWorkingState(patientID, encounterID);
  const assessment = useAssessment(patientID, encounterID);
  const [tab, setTab] = useState<AssessmentTab>('general');
  const view = state.data;
  const detail = assessment.data;

  const title = detail ? t('assessment.title', { number: detail.number }) : t(`shell:${route.title ?? 'routes.Patient.Assessment'}`);
  return (
    <>
      <PatientPageHeader patientId={patientID} title={title}
        after={[{ label: t('shell:routes.Patient.Assessments'), to: `/patient/${patientID}/assessment` }]} />
      {(state.isPending || assessment.isPending) && <CenteredProgress label={t('loading')} />}
      {(state.isError || assessment.isError) && <Alert severity="error">{t('loadError')}</Alert>}
      {view && detail && (
        <Stack spacing={3}>
          <Typography color="text.secondary">
            {t('assessment.subtitle', { date: detail.start ? format.dateTime(detail.start) : '—', author: detail.author?.name ?? '—' })}
          </Typography>
          {detail.number > 1 && !view.gates.profiling.ok && <Alert severity="warning">{text(view.gates.profiling)}</Alert>}
          <RecruitmentPanel patientId={patientID} view={view} />
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs value={tab} onChange={(_, next: AssessmentTab) => setTab(next)} variant="scrollable" scrollButtons="auto" aria-label={t('assessment.tabsLabel')}>
              {ASSESSMENT_TABS.map((name) => {
                const info = detail.tabs.find((x) => x.tab === name);
                return <Tab key={name} value={name} id={`tab-${name}`} aria-controls={`panel-${name}`} label={t(`tabs.${name}`)} disabled={!info?.open} />;
              })}
            </Tabs>
          </Box>
          <Stack spacing={2} role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === 'general' && detail.number === 1 && <ProfilingForm patientId={patientID} encounterId={encounterID} initial={detail.profiling} />}
            {TAB_INSTRUMENTS[tab].length > 0 && (
              <QuestionnaireList patientId={patientID} encounterId={encounterID} instruments={TAB_INSTRUMENTS[tab]}
                responses={detail.responses} psfsGate={view.gates.psfs} />
            )}
            {tab === 'balance_disorders' && <BalanceWizard patientId={patientID} view={view} />}
            {groupsOf(tab).length > 0 && <ClinicalFieldsForm patientId={patientID} encounterId={encounterID} groups={groupsOf(tab)} />}
            {tab === 'general' && <ConditionsForm patientId={patientID} />}
          </Stack>
        </Stack>
      )}
    </>
  );
}
