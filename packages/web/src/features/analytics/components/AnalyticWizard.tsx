import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
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
  AGE_BANDS, ANALYSIS_TYPES, analyticSchema, CHARTS_OF, RECRUITMENT_STATUSES, recruitmentStatusCode, recruitmentStatusFromCode, recruitmentStatusLabelKey,
  type AnalysisType, type AnalyticInput, type ChartKind,
} from '@geria/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { describeError } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { usePilotName } from '../../../i18n/use-pilot-name.ts';
import { useCreateAnalytic, type AnalyticItem } from '../api/analytics.ts';
import { scoreLabel, SCORE_CODES } from './scores.ts';

const STEPS = ['stepSource', 'stepCatalogue', 'stepConfigure', 'stepVisualise', 'stepReview', 'stepRun'] as const;
const RECRUITMENT: number[] = RECRUITMENT_STATUSES.map(recruitmentStatusCode);

interface Draft {
  name: string; description: string; tags: string;
  pilot: number | ''; recruitment: number[]; ageBands: string[]; condition: string; assessmentNumber: string;
  type: AnalysisType | null;
  scores: string[]; k: number; maxIterations: number; scaling: 'none' | 'standard' | 'minmax'; seed: number;
  groupBy: 'none' | 'recruitment' | 'ageBand' | 'gender'; method: 'pearson' | 'spearman';
  charts: ChartKind[];
}

const initial: Draft = {
  name: '', description: '', tags: '', pilot: '', recruitment: [], ageBands: [], condition: '', assessmentNumber: '',
  type: null, scores: [], k: 3, maxIterations: 100, scaling: 'standard', seed: 42, groupBy: 'none', method: 'pearson', charts: [],
};

const toggle = <T,>(list: readonly T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

/** The analytic the draft describes (validated by the domain schema on review). */
function toInput(d: Draft): AnalyticInput {
  const analysis = d.type === 'kmeans' ? { type: d.type, features: d.scores, k: d.k, maxIterations: d.maxIterations, scaling: d.scaling, seed: d.seed }
    : d.type === 'descriptive' ? { type: d.type, scores: d.scores, groupBy: d.groupBy }
      : d.type === 'correlation' ? { type: d.type, scores: d.scores, method: d.method }
        : d.type === 'trajectories' ? { type: d.type, scores: d.scores } : { type: 'intrinsic_capacity' as const };
  return {
    name: d.name, description: d.description, tags: d.tags.split(',').map((s) => s.trim()).filter(Boolean),
    dataSource: {
      recruitment: d.recruitment, ageBands: d.ageBands,
      ...(d.pilot !== '' && { pilot: d.pilot }),
      ...(d.condition.trim() && { condition: d.condition.trim() }),
      ...(d.assessmentNumber && { assessmentNumber: Number(d.assessmentNumber) }),
    },
    analysis: analysis as AnalyticInput['analysis'], charts: d.charts,
  };
}

const minScores = (type: AnalysisType | null) => (type === 'kmeans' || type === 'correlation' ? 2 : type === 'intrinsic_capacity' ? 0 : 1);

function Checks<T extends string | number>({ label, values, selected, text, onChange }: { label: string; values: readonly T[]; selected: readonly T[]; text: (v: T) => string; onChange: (v: T[]) => void }) {
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {values.map((v) => <FormControlLabel key={v} label={text(v)} control={<Checkbox checked={selected.includes(v)} onChange={() => onChange(toggle(selected, v))} />} />)}
      </FormGroup>
    </FormControl>
  );
}

/** SPEC §2 Analytics: the create wizard (data source, catalogue, configuration, visualisation, review, run). */
export function AnalyticWizard({ notebookId, onCreated, onCancel }: { notebookId: string; onCreated: (analytic: AnalyticItem) => void; onCancel: () => void }) {
  const { t } = useTranslation(['analytics', 'messages']);
  // The statuses' names of every other screen ("Risk of exclusion", "Completed").
  const statusName = (code: number) => t(`messages:${recruitmentStatusLabelKey(recruitmentStatusFromCode(code) ?? 'pending')}`);
  const notify = useNotify();
  const create = useCreateAnalytic();
  const pilots = useAuth().user?.pilots ?? [];
  const pilotName = usePilotName();
  const [step, setStep] = useState(0);
  const [d, setDraft] = useState<Draft>(initial);
  const set = (patch: Partial<Draft>) => setDraft((v) => ({ ...v, ...patch }));
  const parsed = analyticSchema.safeParse(toInput(d));
  const canNext = [
    true,
    d.type !== null,
    d.scores.length >= minScores(d.type) && (d.type !== 'kmeans' || (d.k >= 2 && d.maxIterations >= 1)),
    d.charts.length > 0,
    parsed.success,
    false,
  ][step];
  const run = () => create.mutate({ notebookId, analytic: toInput(d) }, {
    onSuccess: (analytic) => { notify.success('analytics:analyticCreated'); onCreated(analytic); },
    onError: (error) => { const e = describeError(error); notify.error(e.code, { defaultValue: e.message }); },
  });

  const panels: ReactNode[] = [
    <Stack spacing={2} key="source">
      <Typography>{t('sourceHelp')}</Typography>
      <TextField select label={t('pilot')} value={d.pilot} onChange={(e) => set({ pilot: e.target.value === '' ? '' : Number(e.target.value) })} sx={{ maxWidth: 360 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
        <MenuItem value="">{t('wholeOrganisation')}</MenuItem>
        {pilots.map((p) => <MenuItem key={p.pilotid} value={p.pilotid}>{pilotName(p)}</MenuItem>)}
      </TextField>
      <Checks label={t('recruitmentStatus')} values={RECRUITMENT} selected={d.recruitment} text={statusName} onChange={(recruitment) => set({ recruitment })} />
      <Checks label={t('ageBand')} values={AGE_BANDS} selected={d.ageBands} text={(v) => v} onChange={(ageBands) => set({ ageBands })} />
      <TextField label={t('condition')} helperText={t('conditionHelp')} value={d.condition} onChange={(e) => set({ condition: e.target.value.replace(/\D/g, '') })} />
      <TextField label={t('assessmentNumber')} helperText={t('assessmentNumberHelp')} type="number" value={d.assessmentNumber} onChange={(e) => set({ assessmentNumber: e.target.value })} slotProps={{ htmlInput: { min: 1, max: 50 } }} />
    </Stack>,
    <FormControl key="catalogue">
      <FormLabel id="catalogue-label">{t('catalogue')}</FormLabel>
      <RadioGroup aria-labelledby="catalogue-label" value={d.type ?? ''} onChange={(e) => {
        const type = e.target.value as AnalysisType;
        set({ type, charts: [...CHARTS_OF[type]], scores: type === 'intrinsic_capacity' ? [] : d.scores });
      }}>
        {ANALYSIS_TYPES.map((type) => (
          <FormControlLabel key={type} value={type} control={<Radio />} label={<><strong>{t(`types.${type}`)}</strong> — {t(`typeHelp.${type}`)}</>} sx={{ mb: 1 }} />
        ))}
      </RadioGroup>
    </FormControl>,
    <Stack spacing={2} key="configure">
      {d.type === 'intrinsic_capacity' ? <Typography>{t('icConfigureHelp')}</Typography> : (
        <Checks label={t(d.type === 'kmeans' ? 'features' : 'scores')} values={SCORE_CODES} selected={d.scores} text={(v) => scoreLabel(v, t)} onChange={(scores) => set({ scores })} />
      )}
      {d.scores.length < minScores(d.type) && <Alert severity="info">{t('chooseScores', { count: minScores(d.type) })}</Alert>}
      {d.type === 'kmeans' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('k')} type="number" value={d.k} onChange={(e) => set({ k: Number(e.target.value) })} slotProps={{ htmlInput: { min: 2, max: 20 } }} />
          <TextField label={t('maxIterations')} type="number" value={d.maxIterations} onChange={(e) => set({ maxIterations: Number(e.target.value) })} slotProps={{ htmlInput: { min: 1, max: 1000 } }} />
          <TextField select label={t('scaling')} value={d.scaling} onChange={(e) => set({ scaling: e.target.value as Draft['scaling'] })} sx={{ minWidth: 180 }}>
            {(['none', 'standard', 'minmax'] as const).map((s) => <MenuItem key={s} value={s}>{t(`scalings.${s}`)}</MenuItem>)}
          </TextField>
          <TextField label={t('seed')} type="number" value={d.seed} onChange={(e) => set({ seed: Number(e.target.value) })} helperText={t('seedHelp')} />
        </Stack>
      )}
      {d.type === 'descriptive' && (
        <TextField select label={t('groupBy')} value={d.groupBy} onChange={(e) => set({ groupBy: e.target.value as Draft['groupBy'] })} sx={{ maxWidth: 280 }}>
          {(['none', 'recruitment', 'ageBand', 'gender'] as const).map((g) => <MenuItem key={g} value={g}>{t(`groups.${g}`)}</MenuItem>)}
        </TextField>
      )}
      {d.type === 'correlation' && (
        <TextField select label={t('method')} value={d.method} onChange={(e) => set({ method: e.target.value as Draft['method'] })} sx={{ maxWidth: 280 }}>
          <MenuItem value="pearson">Pearson</MenuItem>
          <MenuItem value="spearman">Spearman</MenuItem>
        </TextField>
      )}
    </Stack>,
    d.type && <Checks key="visualise" label={t('charts')} values={CHARTS_OF[d.type]} selected={d.charts} text={(v) => t(`chartKinds.${v}`)} onChange={(charts) => set({ charts })} />,
    <Stack spacing={2} key="review">
      <TextField label={t('name')} value={d.name} onChange={(e) => set({ name: e.target.value })} required slotProps={{ htmlInput: { maxLength: 120 } }} />
      <TextField label={t('description')} value={d.description} onChange={(e) => set({ description: e.target.value })} multiline minRows={2} />
      <TextField label={t('tags')} helperText={t('tagsHelp')} value={d.tags} onChange={(e) => set({ tags: e.target.value })} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2" component="h3">{t('summary')}</Typography>
        <Typography>{t(`types.${d.type ?? 'kmeans'}`)}{d.scores.length > 0 && `: ${d.scores.map((s) => scoreLabel(s, t)).join(', ')}`}</Typography>
        {d.type === 'kmeans' && <Typography>{t('kmeansSummary', { k: d.k, maxIterations: d.maxIterations, scaling: t(`scalings.${d.scaling}`) })}</Typography>}
        <Typography>{t('charts')}: {d.charts.map((c) => t(`chartKinds.${c}`)).join(', ')}</Typography>
        <Typography>{t('sourceSummary', { statuses: d.recruitment.length ? d.recruitment.map(statusName).join(', ') : t('all'), bands: d.ageBands.length ? d.ageBands.join(', ') : t('all') })}</Typography>
      </Paper>
      {!parsed.success && d.name.trim() && <Alert severity="warning">{t('reviewInvalid')}</Alert>}
    </Stack>,
    <Stack spacing={2} key="run">
      <Typography>{t('runHelp')}</Typography>
      <Box><Button variant="contained" onClick={run} disabled={create.isPending || !parsed.success}>{t('createAndRun')}</Button></Box>
    </Stack>,
  ];

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-label={t('wizard')}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3, overflowX: 'auto' }}>
        {STEPS.map((s) => <Step key={s}><StepLabel>{t(s)}</StepLabel></Step>)}
      </Stepper>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>{t(STEPS[step]!)}</Typography>
      {panels[step]}
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('cancel')}</Button>
        <Button onClick={() => setStep(step - 1)} disabled={step === 0}>{t('back')}</Button>
        {step < STEPS.length - 1 && <Button variant="contained" onClick={() => setStep(step + 1)} disabled={!canNext}>{t('next')}</Button>}
      </Stack>
    </Paper>
  );
}
