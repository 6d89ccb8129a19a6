import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BALANCE_STEPS, BALANCE_SYMPTOMS, balanceReasonKey, balanceSymptomLabelKey, canAdvance, countBalanceSymptoms,
  type BalanceInputs, type BalanceStep, type BalanceSymptoms,
} from '@geria/domain';
import type { BalanceAssessmentInput } from '@geria/domain/rules/assessment-balance.ts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useConfirmBalance, useResetBalance, type WorkingStateView } from '../api/assessments.ts';
import { useRuleText } from './use-rule-text.ts';

const STEPS = Object.keys(BALANCE_STEPS).map(Number) as BalanceStep[];
type YesNoField = Exclude<keyof BalanceInputs, 'numberOfFalls' | 'numberOfBalanceDisorders' | 'shortFESScore'>;

/** The wizard starts from what the record already says (medications, short FES-I, physical tests). */
function startFrom(inputs: BalanceInputs, symptoms: BalanceSymptoms | undefined): BalanceAssessmentInput {
  return {
    numberOfFalls: inputs.numberOfFalls === null ? '' : String(inputs.numberOfFalls),
    hasFearOfFalling: inputs.hasFearOfFalling, hasMoreThanFourMedications: inputs.hasMoreThanFourMedications,
    hasPsychoactiveDrugs: inputs.hasPsychoactiveDrugs, symptoms: symptoms ?? null, shortFESScore: inputs.shortFESScore,
    rombergTestAbnormal: inputs.rombergTestAbnormal, timedUpAndGoAbnormal: inputs.timedUpAndGoAbnormal,
  };
}

/**
 * The balance-disorder assessment (SPEC §5), in the first assessment only: seven steps, each gated
 * by the domain (the number of falls first, then an answer per step); the server confirms the
 * eligibility and its reasons. After confirmation the result can be reset and the wizard run again.
 */
export function BalanceWizard({ patientId, view }: { patientId: string; view: WorkingStateView }) {
  const { t } = useTranslation('assessments');
  const notify = useNotify();
  const { text, errorTexts } = useRuleText();
  const confirm = useConfirmBalance(patientId);
  const reset = useResetBalance(patientId);
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<BalanceAssessmentInput>(() => startFrom(view.state.balance, view.balanceAssessment?.symptoms));
  const [problem, setProblem] = useState<string | null>(null);
  const current = STEPS[step]!;

  if (!view.gates.balance.ok) return <Alert severity="info">{text(view.gates.balance)}</Alert>;

  const result = view.balanceAssessment;
  if (result) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Alert severity={result.eligible ? 'warning' : 'success'}>
          <AlertTitle>{t(result.eligible ? 'balance.eligible' : 'balance.notEligible')}</AlertTitle>
          {result.reasons.length > 0 && <ul style={{ margin: 0, paddingInlineStart: 20 }}>{result.reasons.map((r) => <li key={r}>{t(`messages:${balanceReasonKey(r)}`)}</li>)}</ul>}
        </Alert>
        <Button sx={{ mt: 2 }} onClick={() => reset.mutate(undefined, { onSuccess: () => { setStep(0); notify.success('assessments:balance.resetDone'); } })}>
          {t('balance.reset')}
        </Button>
      </Paper>
    );
  }

  const set = <K extends keyof BalanceAssessmentInput>(key: K, value: BalanceAssessmentInput[K]) => setAnswers((a) => ({ ...a, [key]: value }));
  const yesNo = (field: YesNoField) => (
    <RadioGroup row aria-label={t(`balance.questions.${field}`)} value={answers[field] === null ? '' : answers[field] ? 'yes' : 'no'}
      onChange={(e) => set(field, e.target.value === 'yes')}>
      <FormControlLabel value="yes" control={<Radio />} label={t('clinical.yes')} />
      <FormControlLabel value="no" control={<Radio />} label={t('clinical.no')} />
    </RadioGroup>
  );
  const question = (field: keyof BalanceInputs, control: ReactNode) => (
    <Stack key={field} spacing={0.5}>
      <Typography id={`balance-${field}`}>{t(`balance.questions.${field}`)}</Typography>
      {control}
    </Stack>
  );

  const body: Record<BalanceStep, ReactNode> = {
    1: question('numberOfFalls', <TextField label={t('balance.fallsLabel')} value={answers.numberOfFalls ?? ''} inputMode="numeric"
      onChange={(e) => set('numberOfFalls', e.target.value)} sx={{ maxWidth: 240 }} />),
    2: question('hasFearOfFalling', yesNo('hasFearOfFalling')),
    3: question('hasMoreThanFourMedications', yesNo('hasMoreThanFourMedications')),
    4: question('hasPsychoactiveDrugs', yesNo('hasPsychoactiveDrugs')),
    5: question('numberOfBalanceDisorders', (
      <FormGroup aria-labelledby="balance-numberOfBalanceDisorders" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {BALANCE_SYMPTOMS.map((symptom) => (
          <FormControlLabel key={symptom} label={t(`messages:${balanceSymptomLabelKey(symptom)}`)} control={(
            <Checkbox checked={answers.symptoms?.[symptom] === true}
              onChange={(e) => set('symptoms', { ...answers.symptoms, [symptom]: e.target.checked })} />
          )} />
        ))}
      </FormGroup>
    )),
    6: question('shortFESScore', <TextField label={t('balance.sfesiLabel')} value={answers.shortFESScore ?? ''} inputMode="numeric" sx={{ maxWidth: 240 }}
      onChange={(e) => set('shortFESScore', e.target.value === '' ? null : Number(e.target.value))} />),
    7: <Stack spacing={2}>{question('rombergTestAbnormal', yesNo('rombergTestAbnormal'))}{question('timedUpAndGoAbnormal', yesNo('timedUpAndGoAbnormal'))}</Stack>,
  };

  const next = () => {
    // The symptom list is answered once it has been seen, even with none ticked.
    const check = canAdvance(current, { ...answers, numberOfBalanceDisorders: countBalanceSymptoms(answers.symptoms ?? {}) });
    if (!check.ok) return setProblem(text(check));
    setProblem(null);
    if (current === 5 && !answers.symptoms) set('symptoms', {});
    if (step < STEPS.length - 1) return setStep(step + 1);
    confirm.mutate({ ...answers, symptoms: answers.symptoms ?? {} }, { onSuccess: () => notify.success('assessments:balance.confirmed') });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="balance-title" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id="balance-title" variant="h6" component="h3">{t('balance.title')}</Typography>
        <Stepper activeStep={step} alternativeLabel sx={{ display: { xs: 'none', md: 'flex' } }}>
          {STEPS.map((s) => <Step key={s}><StepLabel>{t(`balance.steps.${s}`)}</StepLabel></Step>)}
        </Stepper>
        <Typography variant="subtitle2">{t('balance.progress', { step: step + 1, total: STEPS.length })}</Typography>
        {body[current]}
        {problem && <Alert severity="error">{problem}</Alert>}
        {confirm.isError && errorTexts(confirm.error, 'balance.error').map((message) => <Alert key={message} severity="error">{message}</Alert>)}
        <Stack direction="row" spacing={1}>
          <Button disabled={step === 0} onClick={() => { setProblem(null); setStep(step - 1); }}>{t('balance.previous')}</Button>
          <Button variant="contained" onClick={next} disabled={confirm.isPending}>{t(step === STEPS.length - 1 ? 'balance.confirm' : 'balance.next')}</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
