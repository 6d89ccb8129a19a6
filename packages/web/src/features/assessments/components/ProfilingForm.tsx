import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PROFILING_CONDITIONS, type ProfilingCondition, type ProfilingInput } from '@geria/domain/rules/assessment-profiling.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useSaveProfiling } from '../api/assessments.ts';
import { useRuleText } from './use-rule-text.ts';

const none = (): ProfilingInput => Object.fromEntries(PROFILING_CONDITIONS.map((c) => [c, false])) as ProfilingInput;

/** The seven profiling booleans of the first assessment; saving them opens the matching condition tabs. */
export function ProfilingForm({ patientId, encounterId, initial }: { patientId: string; encounterId: string; initial: ProfilingInput | null }) {
  const { t } = useTranslation('assessments');
  const notify = useNotify();
  const { errorTexts } = useRuleText();
  const save = useSaveProfiling(patientId, encounterId);
  const [values, setValues] = useState<ProfilingInput>(initial ?? none());
  const set = (condition: ProfilingCondition, checked: boolean) => setValues((v) => ({ ...v, [condition]: checked }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, { onSuccess: () => notify.success('assessments:profiling.saved') });
  };
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} aria-labelledby="profiling-title" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography id="profiling-title" variant="h6" component="h3">{t('profiling.title')}</Typography>
        <Typography variant="body2" color="text.secondary">{t('profiling.help')}</Typography>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {PROFILING_CONDITIONS.map((condition) => (
            <FormControlLabel key={condition} label={t(`profiling.conditions.${condition}`)}
              control={<Checkbox checked={values[condition]} onChange={(e) => set(condition, e.target.checked)} />} />
          ))}
        </FormGroup>
        {save.isError && errorTexts(save.error, 'profiling.error').map((text) => <Alert key={text} severity="error">{text}</Alert>)}
        <div><Button type="submit" variant="contained" disabled={save.isPending}>{t('profiling.save')}</Button></div>
      </Stack>
    </Paper>
  );
}
