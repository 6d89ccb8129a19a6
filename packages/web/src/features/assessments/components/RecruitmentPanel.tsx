import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RecruitmentStatus } from '@geria/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkingStateView } from '../api/assessments.ts';
import { DecisionDialog, type DecisionAction } from './DecisionDialog.tsx';
import { useRuleText } from './use-rule-text.ts';

/** Status colours dark or light enough for their text to keep a 4.5:1 contrast. */
const STATUS_STYLE: Record<RecruitmentStatus, { bgcolor: string; color: string } | undefined> = {
  pending: { bgcolor: 'info.dark', color: 'common.white' },
  accepted: { bgcolor: 'success.dark', color: 'common.white' },
  riskExclusion: { bgcolor: 'warning.light', color: 'common.black' },
  excluded: { bgcolor: 'error.dark', color: 'common.white' },
  withdrawn: undefined,
  completed: undefined,
};
const MISSING = new Set(['UPDATE.Message_113', 'UPDATE.Message_115', 'UPDATE.Message_117']);
const ENDED: RecruitmentStatus[] = ['excluded', 'withdrawn', 'completed'];

/** The regular actions the state machine offers from the current status. */
function regularActions(view: WorkingStateView): DecisionAction[] {
  const allowed = new Set(view.screening.allowedTransitions);
  const status = view.state.status;
  const actions: DecisionAction[] = [];
  if (allowed.has('accepted') && status !== 'riskExclusion') actions.push('accept');
  if (allowed.has('riskExclusion') && status === 'accepted') actions.push('riskExclusion');
  if (allowed.has('withdrawn')) actions.push('withdraw');
  if (allowed.has('completed')) actions.push('complete');
  return actions;
}

/**
 * The recruitment status and the decisions it allows (SPEC §4): the screening still missing, an
 * exclusion risk with its Exclude / Don't exclude choice, and the other transitions.
 */
export function RecruitmentPanel({ patientId, view }: { patientId: string; view: WorkingStateView }) {
  const { t } = useTranslation('assessments');
  const { text } = useRuleText();
  const [action, setAction] = useState<DecisionAction | null>(null);
  const status = view.state.status;
  if (!status) return null;
  const missing = view.screening.findings.filter((finding) => MISSING.has(finding.code));
  const atRisk = view.screening.risks.length > 0 && !ENDED.includes(status);
  // A "Don't exclude" already taken on these very risks is shown as such; Exclude stays possible.
  const weighed = new Set(view.lastDecision?.to === 'accepted' && status === 'accepted' ? view.lastDecision.risks.map((r) => r.code) : []);
  const kept = atRisk && view.screening.risks.every((risk) => weighed.has(risk.code));
  const choice = (atRisk && !kept) || status === 'riskExclusion';

  return (
    <Paper variant="outlined" component="section" aria-labelledby="recruitment-title" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id="recruitment-title" variant="h6" component="h2">{t('recruitment.title')}</Typography>
          <Chip label={t(`messages:rules.recruitment.status.${status}`)} sx={STATUS_STYLE[status]} />
        </Stack>
        {status === 'pending' && missing.length > 0 && (
          <Alert severity="info">
            <AlertTitle>{t('recruitment.missing')}</AlertTitle>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>{missing.map((finding) => <li key={finding.code}>{text(finding)}</li>)}</ul>
          </Alert>
        )}
        {choice && (
          <Alert severity="warning" action={null}>
            <AlertTitle>{t('recruitment.risk')}</AlertTitle>
            {view.screening.risks.length > 0
              ? <ul style={{ margin: 0, paddingInlineStart: 20 }}>{view.screening.risks.map((risk) => <li key={risk.code}>{text(risk)}</li>)}</ul>
              : t('recruitment.riskRecorded')}
            <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
              <Button variant="contained" color="error" onClick={() => setAction('exclude')}>{t('recruitment.actions.exclude')}</Button>
              <Button variant="outlined" onClick={() => setAction('dontExclude')}>{t('recruitment.actions.dontExclude')}</Button>
            </Stack>
          </Alert>
        )}
        {kept && (
          <Alert severity="info" action={<Button color="inherit" onClick={() => setAction('exclude')}>{t('recruitment.actions.exclude')}</Button>}>
            <AlertTitle>{t('recruitment.kept')}</AlertTitle>
            {view.lastDecision?.reason && t('recruitment.keptReason', { reason: view.lastDecision.reason })}
          </Alert>
        )}
        {view.screening.alerts.filter((alert) => alert.kind === 'openCognitiveTab').map((alert) => (
          <Alert key={alert.code} severity="info">{text(alert)}</Alert>
        ))}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {regularActions(view).filter((a) => !(choice && a === 'accept')).map((a) => (
            <Button key={a} variant={a === 'accept' ? 'contained' : 'outlined'} onClick={() => setAction(a)}>{t(`recruitment.actions.${a}`)}</Button>
          ))}
        </Stack>
      </Stack>
      {action && <DecisionDialog patientId={patientId} action={action} onClose={() => setAction(null)} />}
    </Paper>
  );
}
