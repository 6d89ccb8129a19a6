import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INTERVENTION_CHANNELS, INTERVENTION_OPERATORS, INTERVENTION_PRIORITIES, INTERVENTION_TYPES, interventionRuleSchema, LANGUAGES,
  MESSAGE_PLACEHOLDERS, RECRUITMENT_STATUS, WINDOWED_TYPES, type InterventionRuleInput,
} from '@geria/domain';
import { PROFILING_CONDITIONS, type ProfilingCondition } from '@geria/domain/rules/assessment-profiling.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ENDONYMS } from '../../../i18n/endonyms.ts';

type Bounds = Record<'optimalLow' | 'optimalHigh' | 'extremeLow' | 'extremeHigh', string>;
const BOUNDS = ['extremeLow', 'optimalLow', 'optimalHigh', 'extremeHigh'] as const;
const DEFAULTS: Record<string, Bounds> = {
  heartRate: { extremeLow: '40', optimalLow: '60', optimalHigh: '100', extremeHigh: '130' },
  systolic: { extremeLow: '70', optimalLow: '90', optimalHigh: '140', extremeHigh: '180' },
  diastolic: { extremeLow: '40', optimalLow: '60', optimalHigh: '90', extremeHigh: '110' },
};
const STATUSES = Object.entries(RECRUITMENT_STATUS) as [string, number][];

export interface Draft {
  name: string; type: InterventionRuleInput['type']; targetKind: 'organisation' | 'cohort' | 'participant'; recruitment: number[];
  conditions: ProfilingCondition[]; participantId: string;
  priority: InterventionRuleInput['priority']; operator: NonNullable<InterventionRuleInput['operator']>; value: string; windowDays: string;
  thresholds: Bounds; diastolic: Bounds; channels: InterventionRuleInput['channels']; app: string; language: InterventionRuleInput['language'];
  message: string; active: boolean;
}

const str = (n: number | undefined, fallback: string) => (n === undefined ? fallback : String(n));
const bounds = (b: Partial<Record<keyof Bounds, number>> | undefined, fallback: Bounds): Bounds =>
  Object.fromEntries(BOUNDS.map((k) => [k, str(b?.[k], fallback[k])])) as Bounds;

export function draftOf(rule: InterventionRuleInput | undefined, language: InterventionRuleInput['language'], participantId = ''): Draft {
  const target = rule?.target;
  return {
    name: rule?.name ?? '', type: rule?.type ?? 'heartRate', targetKind: target?.kind ?? (participantId ? 'participant' : 'organisation'),
    recruitment: target?.kind === 'cohort' ? target.recruitment ?? [] : [RECRUITMENT_STATUS.accepted],
    conditions: target?.kind === 'cohort' ? target.conditions ?? [] : [],
    participantId: target?.kind === 'participant' ? target.participantId : participantId,
    priority: rule?.priority ?? 'medium', operator: rule?.operator ?? 'gt', value: str(rule?.value, ''), windowDays: str(rule?.windowDays, '7'),
    thresholds: bounds(rule?.thresholds, rule?.type === 'bloodPressure' ? DEFAULTS.systolic! : DEFAULTS.heartRate!),
    diastolic: bounds(rule?.diastolicThresholds, DEFAULTS.diastolic!),
    channels: rule?.channels ?? ['app', 'managers'], app: rule?.app ?? 'geria', language: rule?.language ?? language,
    message: rule?.message ?? '', active: rule?.active ?? true,
  };
}

const num = (s: string) => (s.trim() === '' ? undefined : Number(s.replace(',', '.')));
const numbers = (b: Bounds) => Object.fromEntries(BOUNDS.map((k) => [k, num(b[k])]));

/** The rule the draft describes, in the shape the API takes. */
export function ruleOf(d: Draft): Record<string, unknown> {
  const target = d.targetKind === 'organisation' ? { kind: 'organisation' }
    : d.targetKind === 'cohort' ? { kind: 'cohort', recruitment: d.recruitment, conditions: d.conditions } : { kind: 'participant', participantId: d.participantId.trim() };
  const base = { name: d.name, type: d.type, target, priority: d.priority, channels: d.channels, app: d.app, language: d.language, message: d.message, active: d.active };
  if (d.type === 'heartRate') return { ...base, thresholds: numbers(d.thresholds) };
  if (d.type === 'bloodPressure') return { ...base, thresholds: numbers(d.thresholds), diastolicThresholds: numbers(d.diastolic) };
  return { ...base, operator: d.operator, value: num(d.value), ...(WINDOWED_TYPES.includes(d.type) ? { windowDays: num(d.windowDays) } : {}) };
}

interface Props { initial: Draft; saving: boolean; error: string | null; onSubmit: (rule: InterventionRuleInput) => void; onCancel: () => void }

/** The rule editor: type, target, criterion or thresholds, channels, app, language and message. */
export function RuleForm({ initial, saving, error, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('interventions');
  const [d, setD] = useState(initial);
  const [invalid, setInvalid] = useState<string[]>([]);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((prev) => ({ ...prev, [k]: v }));
  const thresholdFields = (which: 'thresholds' | 'diastolic', legend: string) => (
    <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0 }} spacing={1}>
      <FormLabel component="legend">{legend}</FormLabel>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {BOUNDS.map((k) => (
          <TextField key={k} label={t(`fields.${k}`)} value={d[which][k]} inputMode="decimal" required
            error={invalid.includes(which === 'thresholds' ? 'thresholds' : 'diastolicThresholds')}
            onChange={(e) => set(which, { ...d[which], [k]: e.target.value })} />
        ))}
      </Stack>
    </Stack>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = interventionRuleSchema.safeParse(ruleOf(d));
    if (!parsed.success) { setInvalid(parsed.error.issues.map((i) => String(i.path[0] ?? ''))); return; }
    setInvalid([]);
    onSubmit(parsed.data);
  };
  const windowed = WINDOWED_TYPES.includes(d.type);
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} sx={{ maxWidth: 760 }}>
      {(invalid.length > 0 || error) && <Alert severity="error">{error ?? t('form.invalid')}</Alert>}
      <TextField label={t('fields.name')} value={d.name} onChange={(e) => set('name', e.target.value)} required error={invalid.includes('name')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select fullWidth label={t('fields.type')} value={d.type} onChange={(e) => {
          const type = e.target.value as Draft['type'];
          setD((prev) => ({ ...prev, type, thresholds: type === 'bloodPressure' ? DEFAULTS.systolic! : type === 'heartRate' ? DEFAULTS.heartRate! : prev.thresholds }));
        }}>
          {INTERVENTION_TYPES.map((type) => <MenuItem key={type} value={type}>{t(`types.${type}`)}</MenuItem>)}
        </TextField>
        <TextField select fullWidth label={t('fields.priority')} value={d.priority} onChange={(e) => set('priority', e.target.value as Draft['priority'])}>
          {INTERVENTION_PRIORITIES.map((p) => <MenuItem key={p} value={p}>{t(`priorities.${p}`)}</MenuItem>)}
        </TextField>
      </Stack>
      <TextField select label={t('fields.target')} value={d.targetKind} onChange={(e) => set('targetKind', e.target.value as Draft['targetKind'])}>
        {(['organisation', 'cohort', 'participant'] as const).map((k) => <MenuItem key={k} value={k}>{t(`targets.${k}`)}</MenuItem>)}
      </TextField>
      {d.targetKind === 'cohort' && (
        <>
          <FormGroup row role="group" aria-labelledby="cohort-recruitment">
            <FormLabel id="cohort-recruitment" sx={{ width: '100%' }}>{t('fields.recruitment')}</FormLabel>
            {STATUSES.map(([name, value]) => (
              <FormControlLabel key={name} label={t(`messages:rules.recruitment.status.${name}`)} control={(
                <Checkbox checked={d.recruitment.includes(value)} onChange={(e) => set('recruitment', e.target.checked ? [...d.recruitment, value] : d.recruitment.filter((v) => v !== value))} />
              )} />
            ))}
          </FormGroup>
          <FormGroup row role="group" aria-labelledby="cohort-conditions" aria-describedby="cohort-conditions-help">
            <FormLabel id="cohort-conditions" sx={{ width: '100%' }}>{t('fields.conditions')}</FormLabel>
            {PROFILING_CONDITIONS.map((c) => (
              <FormControlLabel key={c} label={t(`conditions.${c}`)} control={(
                <Checkbox checked={d.conditions.includes(c)} onChange={(e) => set('conditions', e.target.checked ? [...d.conditions, c] : d.conditions.filter((x) => x !== c))} />
              )} />
            ))}
            <Typography id="cohort-conditions-help" variant="body2" color="text.secondary" sx={{ width: '100%' }}>{t('fields.conditionsHelp')}</Typography>
          </FormGroup>
          {invalid.includes('target') && <Typography color="error" variant="body2">{t('form.cohortRequired')}</Typography>}
        </>
      )}
      {d.targetKind === 'participant' && (
        <TextField label={t('fields.participantId')} value={d.participantId} onChange={(e) => set('participantId', e.target.value)} required error={invalid.includes('target')} />
      )}
      {d.type === 'heartRate' && thresholdFields('thresholds', t('fields.heartRateThresholds'))}
      {d.type === 'bloodPressure' && thresholdFields('thresholds', t('fields.systolicThresholds'))}
      {d.type === 'bloodPressure' && thresholdFields('diastolic', t('fields.diastolicThresholds'))}
      {d.type !== 'heartRate' && d.type !== 'bloodPressure' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select fullWidth label={t('fields.operator')} value={d.operator} onChange={(e) => set('operator', e.target.value as Draft['operator'])}>
            {INTERVENTION_OPERATORS.map((o) => <MenuItem key={o} value={o}>{t(`operators.${o}`)}</MenuItem>)}
          </TextField>
          <TextField fullWidth label={t(`valueLabels.${d.type}`)} value={d.value} inputMode="decimal" required error={invalid.includes('value')} onChange={(e) => set('value', e.target.value)} />
          {windowed && <TextField fullWidth label={t('fields.windowDays')} value={d.windowDays} inputMode="numeric" required error={invalid.includes('windowDays')} onChange={(e) => set('windowDays', e.target.value)} />}
        </Stack>
      )}
      <FormGroup row aria-label={t('fields.channels')}>
        <FormLabel sx={{ width: '100%' }}>{t('fields.channels')}</FormLabel>
        {INTERVENTION_CHANNELS.map((c) => (
          <FormControlLabel key={c} label={t(`channels.${c}`)} control={(
            <Checkbox checked={d.channels.includes(c)} onChange={(e) => set('channels', e.target.checked ? [...d.channels, c] : d.channels.filter((x) => x !== c))} />
          )} />
        ))}
      </FormGroup>
      {invalid.includes('channels') && <Typography color="error" variant="body2">{t('form.channelRequired')}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField fullWidth label={t('fields.app')} value={d.app} onChange={(e) => set('app', e.target.value)} required error={invalid.includes('app')} />
        <TextField select fullWidth label={t('fields.language')} value={d.language} onChange={(e) => set('language', e.target.value as Draft['language'])}>
          {LANGUAGES.map((l) => <MenuItem key={l} value={l} lang={l}>{ENDONYMS[l]}</MenuItem>)}
        </TextField>
      </Stack>
      <TextField label={t('fields.message')} value={d.message} multiline minRows={3} required error={invalid.includes('message')}
        helperText={t('form.placeholders', { list: MESSAGE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ') })}
        onChange={(e) => set('message', e.target.value)} />
      <FormControlLabel control={<Switch checked={d.active} onChange={(e) => set('active', e.target.checked)} />} label={t('fields.active')} />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={saving}>{t('form.save')}</Button>
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
      </Stack>
    </Stack>
  );
}
