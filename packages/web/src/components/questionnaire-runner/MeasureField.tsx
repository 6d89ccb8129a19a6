import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { suggestedLevel, type AnswerValue, type Language } from '@geria/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format.ts';
import type { MeasuredItem } from './measure-answer.ts';
import type { Problem } from './steps.ts';
import { useStopwatch } from './use-stopwatch.ts';

export interface MeasureFieldProps {
  item: MeasuredItem;
  /** The item's level (the chosen option's value). */
  level: AnswerValue | undefined;
  value: AnswerValue | undefined;
  language: Language;
  problem?: Problem;
  onChange: (value: number | undefined) => void;
}

/** Touch targets of a tablet held in one hand during a walk test. */
const BIG = { minHeight: 56, minWidth: 112, fontSize: '1.05rem' } as const;

/**
 * The measurement of a timed or counted item: the value typed in, or for a time a stopwatch
 * (Start, Stop, Reset) whose Stop records it, and the level the value suggests, which the
 * clinician may override by choosing another level above.
 */
export function MeasureField({ item, level, value, language, problem, onChange }: MeasureFieldProps) {
  const { t } = useTranslation('instruments');
  const format = useFormat();
  const { measure } = item;
  const stopwatch = useStopwatch();
  const id = `measure-${measure.linkId}`;
  const seconds = measure.kind === 'seconds';
  const suggestion = typeof value === 'number' ? suggestedLevel(measure, value) : null;
  const labelOf = (v: number | null) => item.options.find((o) => o.value === v)?.label[language];
  const message = problem && t(problem.key, problem.params);
  const note = suggestion === null ? null
    : level === suggestion ? t('runner.measure.suggested', { level: labelOf(suggestion) })
      : level !== undefined ? t('runner.measure.overridden', { level: labelOf(suggestion) }) : null;
  const describedBy = [note ? `${id}-note` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  // Several stopwatches may share a step (Mini-BESTest: toes, one leg left and right): each button names its measure.
  const named = (action: string) => t('runner.measure.action', { action, measure: measure.text[language] });
  const stop = () => {
    // Hundredths: rounding to tenths could carry a 5.46 s walk over the 5.5 s threshold.
    onChange(Math.round(stopwatch.stop() / 10) / 100);
  };
  const reset = () => {
    stopwatch.reset();
    onChange(undefined);
  };

  return (
    <Box data-linkid={measure.linkId} sx={{ pl: { xs: 0, sm: 2 }, borderLeft: { sm: 3 }, borderColor: { sm: 'divider' } }}>
      <TextField
        id={id}
        label={measure.text[language]}
        type="number"
        value={value === undefined ? '' : String(value)}
        error={Boolean(message)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        sx={{ maxWidth: 360, width: '100%' }}
        slotProps={{
          htmlInput: { 'aria-describedby': describedBy, inputMode: seconds ? 'decimal' : 'numeric', min: 0, max: measure.max, step: seconds ? 'any' : 1 },
          input: seconds ? { endAdornment: <InputAdornment position="end">{t('runner.measure.secondsUnit')}</InputAdornment> } : undefined,
        }}
      />
      {seconds && (
        <Stack role="group" aria-label={t('runner.measure.stopwatch', { measure: measure.text[language] })}
          direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography role="timer" component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontSize: '1.75rem', minWidth: '5.5ch' }}>
            {format.number(stopwatch.elapsedMs / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
          </Typography>
          <Button variant="contained" size="large" sx={BIG} disabled={stopwatch.running} onClick={stopwatch.start} aria-label={named(t('runner.measure.start'))}>
            {t('runner.measure.start')}
          </Button>
          <Button variant="contained" color="secondary" size="large" sx={BIG} disabled={!stopwatch.running} onClick={stop} aria-label={named(t('runner.measure.stop'))}>
            {t('runner.measure.stop')}
          </Button>
          <Button variant="outlined" size="large" sx={BIG} onClick={reset} aria-label={named(t('runner.measure.reset'))}>{t('runner.measure.reset')}</Button>
        </Stack>
      )}
      <Box aria-live="polite">
        {note && <FormHelperText id={`${id}-note`} sx={{ fontSize: '0.95rem' }}>{note}</FormHelperText>}
      </Box>
      {message && <FormHelperText id={`${id}-error`} error>{message}</FormHelperText>}
    </Box>
  );
}
