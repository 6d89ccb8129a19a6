import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { codedObservationItem, VALUE_SETS, type ObservationValue } from '@geria/domain';
import {
  CLINICAL_FIELD_GROUPS, isCurrentSmoker, SMOKING_DETAILS, type ClinicalFieldGroup, type ClinicalInputKey, type DerivedKey,
} from '@geria/domain/rules/assessment-clinical-fields.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { useClinicalFields, useSaveClinicalFields, type ClinicalFieldsView } from '../api/assessments.ts';
import { defOf, fromText, toText, type FieldText } from './clinical-values.ts';
import { useRuleText } from './use-rule-text.ts';

const DERIVED_OF: Partial<Record<ClinicalFieldGroup, DerivedKey[]>> = {
  anthropometry: ['bmi', 'waistHipRatio'],
  labs: ['egfrCkdEpi2009', 'egfrCkdEpi2021'],
};

const label = (key: string) => `messages:rules.observationCodes.items.${key}`;

function GroupForm({ patientId, encounterId, group, stored }: { patientId: string; encounterId: string; group: ClinicalFieldGroup; stored: ClinicalFieldsView }) {
  const { t } = useTranslation('assessments');
  const notify = useNotify();
  const format = useFormat();
  const { text, errorTexts } = useRuleText();
  const save = useSaveClinicalFields(patientId, encounterId);
  const keys = CLINICAL_FIELD_GROUPS[group] as readonly ClinicalInputKey[];
  const [values, setValues] = useState<Record<string, FieldText>>(() => Object.fromEntries(keys.map((key) => [key, toText(key, stored.values[key])])));
  const [africanAmerican, setAfricanAmerican] = useState(stored.africanAmerican);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const set = (key: string, value: FieldText) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = Object.fromEntries(keys.map((key) => [key, fromText(key, values[key]!)])) as Record<ClinicalInputKey, ObservationValue>;
    // Amounts of tobacco belong to a current smoker: another status clears them (the fields are hidden then).
    if (group === 'lifeHabits' && !isCurrentSmoker(parsed)) for (const key of SMOKING_DETAILS) parsed[key] = null;
    // The domain's own rules first, so a typing error is explained before anything is sent.
    const found = Object.fromEntries(keys.flatMap((key) => {
      const result = codedObservationItem(key, parsed[key], { patient: patientId, alreadyPresent: false });
      return result.ok ? [] : [[key, result.errors.map(text).join(' ')]];
    }));
    setProblems(found);
    if (Object.keys(found).length) return;
    // The group remounts with the stored values once saved, so the confirmation does not wait on this component.
    save.mutateAsync({ values: parsed, ...(group === 'labs' && { africanAmerican }) })
      .then(() => notify.success('assessments:clinical.saved'), () => undefined);
  };

  const shown = (key: ClinicalInputKey) =>
    !(SMOKING_DETAILS as readonly string[]).includes(key) || isCurrentSmoker({ smokerStatus: fromText('smokerStatus', values.smokerStatus!) });
  const field = (key: ClinicalInputKey) => {
    const def = defOf(key);
    const value = values[key]!;
    const error = problems[key];
    const common = { fullWidth: true, label: t(label(key)), error: !!error, helperText: error };
    if (def.kind === 'bloodPressure' && typeof value === 'object') {
      const part = (name: 'systolic' | 'diastolic') => (
        <TextField fullWidth label={t(label(name))} value={value[name]} inputMode="numeric" error={!!error}
          onChange={(e) => set(key, { ...value, [name]: e.target.value })}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">mmHg</InputAdornment> } }} />
      );
      return (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>{t(label(key))}</Typography>
          <Grid container spacing={1}>
            <Grid size={{ xs: 12, sm: 4 }}>{part('systolic')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{part('diastolic')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField select fullWidth label={t('clinical.arm')} value={value.arm} error={!!error}
                onChange={(e) => set(key, { ...value, arm: e.target.value })}>
                <MenuItem value="">{t('clinical.notRecorded')}</MenuItem>
                {VALUE_SETS.armUsed.map((o) => <MenuItem key={o.key} value={o.key}>{t(`messages:${o.labelKey}`)}</MenuItem>)}
              </TextField>
            </Grid>
          </Grid>
          {error && <Typography color="error" variant="caption" role="alert">{error}</Typography>}
        </fieldset>
      );
    }
    if (typeof value !== 'string') return null;
    if (def.kind === 'codeableConcept' || def.kind === 'boolean') {
      const options = def.kind === 'boolean'
        ? [{ key: 'yes', text: t('clinical.yes') }, { key: 'no', text: t('clinical.no') }]
        : VALUE_SETS[def.valueSet].map((o) => ({ key: o.key, text: t(`messages:${o.labelKey}`) }));
      return (
        <TextField select {...common} value={value} onChange={(e) => set(key, e.target.value)}>
          <MenuItem value="">{t('clinical.notRecorded')}</MenuItem>
          {options.map((o) => <MenuItem key={o.key} value={o.key}>{o.text}</MenuItem>)}
        </TextField>
      );
    }
    // UCUM symbols read the same everywhere; the few written in words have their translation.
    const unit = def.kind === 'quantity' ? t(`units.${def.unit.code}`, { defaultValue: def.unit.display }) : '';
    return (
      <TextField {...common} value={value} inputMode="decimal" onChange={(e) => set(key, e.target.value)}
        slotProps={unit ? { input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } } : undefined} />
    );
  };

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} noValidate aria-labelledby={`group-${group}`} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id={`group-${group}`} variant="h6" component="h3">{t(`clinical.groups.${group}`)}</Typography>
        <Grid container spacing={2}>
          {keys.filter(shown).map((key) => <Grid key={key} size={{ xs: 12, md: defOf(key).kind === 'bloodPressure' ? 12 : 6 }}>{field(key)}</Grid>)}
        </Grid>
        {group === 'labs' && (
          <FormControlLabel label={t('clinical.africanAmerican')}
            control={<Checkbox checked={africanAmerican} onChange={(e) => setAfricanAmerican(e.target.checked)} />} />
        )}
        {DERIVED_OF[group] && (
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }} aria-live="polite">
            {DERIVED_OF[group]!.map((key) => {
              const value = stored.values[key];
              return (
                <Typography key={key} variant="body2">
                  <strong>{t(label(key))}:</strong> {typeof value === 'number' ? format.number(value, { maximumFractionDigits: 2 }) : '—'}
                </Typography>
              );
            })}
          </Stack>
        )}
        {save.isError && errorTexts(save.error, 'clinical.error').map((message) => <Alert key={message} severity="error">{message}</Alert>)}
        <div><Button type="submit" variant="contained" disabled={save.isPending}>{t('clinical.save', { group: t(`clinical.groups.${group}`) })}</Button></div>
      </Stack>
    </Paper>
  );
}

/** The clinical fields of the groups a tab shows, each group saved as one FHIR transaction. */
export function ClinicalFieldsForm({ patientId, encounterId, groups }: { patientId: string; encounterId: string; groups: ClinicalFieldGroup[] }) {
  const { t } = useTranslation('assessments');
  const fields = useClinicalFields(patientId, encounterId);
  if (fields.isError) return <Alert severity="error">{t('clinical.loadError')}</Alert>;
  if (!fields.data) return null;
  const stored = fields.data;
  // A group is remounted when what the server stored for it changes, so it shows the saved and computed values.
  const version = (group: ClinicalFieldGroup) =>
    JSON.stringify([...CLINICAL_FIELD_GROUPS[group], ...(DERIVED_OF[group] ?? [])].map((key) => stored.values[key]));
  return (
    <Stack spacing={2}>
      {groups.map((group) => <GroupForm key={`${group}-${version(group)}`} patientId={patientId} encounterId={encounterId} group={group} stored={stored} />)}
    </Stack>
  );
}
