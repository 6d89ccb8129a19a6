import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { CONDITION_KEYS, type ConditionKey, type ConditionState } from '@geria/domain/rules/assessment-conditions.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useConditions, useSaveConditions, type ConditionsView } from '../api/assessments.ts';
import { useRuleText } from './use-rule-text.ts';

function Form({ patientId, stored }: { patientId: string; stored: ConditionsView }) {
  const { t } = useTranslation('assessments');
  const notify = useNotify();
  const { errorTexts } = useRuleText();
  const save = useSaveConditions(patientId);
  const [states, setStates] = useState(stored.conditions);
  const [family, setFamily] = useState<ReadonlySet<ConditionKey>>(new Set(stored.familyHistory));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changed = Object.fromEntries(CONDITION_KEYS.filter((key) => states[key] !== stored.conditions[key]).map((key) => [key, states[key]]));
    save.mutate({ conditions: changed, familyHistory: CONDITION_KEYS.filter((key) => family.has(key)) }, {
      onSuccess: () => notify.success('assessments:conditions.saved'),
    });
  };
  const toggle = (key: ConditionKey, on: boolean) => setFamily((current) => {
    const next = new Set(current);
    if (on) next.add(key); else next.delete(key);
    return next;
  });
  // On a phone the three columns did not fit (the page scrolled sideways): each condition is a card.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const stateField = (key: ConditionKey, name: string) => (
    <TextField select size="small" value={states[key] ?? ''} fullWidth={compact} sx={compact ? undefined : { minWidth: 180 }}
      slotProps={{ select: { displayEmpty: true }, htmlInput: { 'aria-label': t('conditions.stateOf', { condition: name }) } }}
      onChange={(e) => setStates((s) => ({ ...s, [key]: (e.target.value || null) as ConditionState | null }))}>
      <MenuItem value="">{t('clinical.notRecorded')}</MenuItem>
      <MenuItem value="active">{t('conditions.active')}</MenuItem>
      <MenuItem value="inactive">{t('conditions.inactive')}</MenuItem>
    </TextField>
  );
  const familyBox = (key: ConditionKey, name: string) => (
    <Checkbox checked={family.has(key)} onChange={(e) => toggle(key, e.target.checked)}
      slotProps={{ input: { 'aria-label': t('conditions.familyHistoryOf', { condition: name }) } }} />
  );
  const nameOf = (key: ConditionKey) => t(`messages:assessments.conditions.${key}`);
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} aria-labelledby="conditions-title" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id="conditions-title" variant="h6" component="h3">{t('conditions.title')}</Typography>
        <Typography variant="body2" color="text.secondary">{t('conditions.help')}</Typography>
        {compact ? (
          <Stack component="ul" spacing={1} aria-labelledby="conditions-title" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {CONDITION_KEYS.map((key) => (
              <Paper key={key} component="li" variant="outlined" sx={{ p: 1.5 }}>
                <Stack spacing={1}>
                  <Typography sx={{ fontWeight: 500 }}>{nameOf(key)}</Typography>
                  {stateField(key, nameOf(key))}
                  <FormControlLabel control={familyBox(key, nameOf(key))} label={t('conditions.familyHistory')} />
                </Stack>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table size="small" aria-labelledby="conditions-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('conditions.condition')}</TableCell>
                <TableCell>{t('conditions.state')}</TableCell>
                <TableCell>{t('conditions.familyHistory')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {CONDITION_KEYS.map((key) => (
                <TableRow key={key}>
                  <TableCell component="th" scope="row">{nameOf(key)}</TableCell>
                  <TableCell>{stateField(key, nameOf(key))}</TableCell>
                  <TableCell>{familyBox(key, nameOf(key))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {save.isError && errorTexts(save.error, 'conditions.error').map((message) => <Alert key={message} severity="error">{message}</Alert>)}
        <div><Button type="submit" variant="contained" disabled={save.isPending}>{t('conditions.save')}</Button></div>
      </Stack>
    </Paper>
  );
}

/** The patient's conditions (FHIR Conditions, active or inactive) and family history. */
export function ConditionsForm({ patientId }: { patientId: string }) {
  const { t } = useTranslation('assessments');
  const conditions = useConditions(patientId);
  if (conditions.isError) return <Alert severity="error">{t('conditions.error')}</Alert>;
  if (!conditions.data) return null;
  return <Form patientId={patientId} stored={conditions.data} />;
}
