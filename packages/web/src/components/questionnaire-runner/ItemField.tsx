import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AnswerValue, ItemDef, Language } from '@geria/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format.ts';
import { isMeasured, levelRange } from './measure-answer.ts';
import { MeasureField } from './MeasureField.tsx';
import type { Problem } from './steps.ts';

export interface ItemFieldProps {
  item: ItemDef;
  value: AnswerValue | undefined;
  language: Language;
  problem?: Problem;
  onChange: (value: AnswerValue | undefined) => void;
  /** A timed or counted item's measurement: its value, problem and change. */
  measure?: { value: AnswerValue | undefined; problem?: Problem; onChange: (value: number | undefined) => void };
}

/** Rating scales of at most 11 points are radio rows (arrow keys choose); wider ranges are typed. */
const MAX_SCALE_POINTS = 11;

interface Choice { value: AnswerValue; label: string; threshold?: string }

/** A timed item's level with the measured values that suggest it, e.g. "< 5.5 s". */
function thresholdOf(item: ItemDef, level: AnswerValue, t: TFunction, number: (value: number) => string): string | undefined {
  if (!isMeasured(item) || typeof level !== 'number') return undefined;
  const range = levelRange(item.measure, level, number);
  if (!range) return undefined;
  return item.measure.kind === 'seconds'
    ? t('instruments:runner.measure.seconds', { value: range.text })
    : t('instruments:runner.measure.steps', { count: range.count, range: range.text });
}

function choicesOf(item: ItemDef, language: Language, yesNo: [string, string], threshold: (level: AnswerValue) => string | undefined): Choice[] | null {
  switch (item.type) {
    case 'choice':
      return item.options.map((option) => ({ value: option.value, label: option.label[language], threshold: threshold(option.value) }));
    case 'boolean':
      return [{ value: true, label: yesNo[0] }, { value: false, label: yesNo[1] }];
    case 'integer':
    case 'decimal': {
      const step = item.step ?? 1;
      if (item.max === undefined || (item.max - item.min) / step + 1 > MAX_SCALE_POINTS) return null;
      return Array.from({ length: (item.max - item.min) / step + 1 }, (_, i) => ({ value: item.min + i * step, label: String(item.min + i * step) }));
    }
    default:
      return null;
  }
}

/** One question of the runner, as a radio group or a text field, with its help, scale anchors and problem. */
export function ItemField({ item, value, language, problem, onChange, measure }: ItemFieldProps) {
  const { t } = useTranslation('instruments');
  const format = useFormat();
  const id = `item-${item.linkId}`;
  const label = item.text[language];
  const anchors = (item.type === 'integer' || item.type === 'decimal') && item.anchors
    ? t('runner.anchors', { min: item.min, minLabel: item.anchors.min[language], max: item.max ?? '', maxLabel: item.anchors.max[language] })
    : undefined;
  const notes = [item.help?.[language], anchors].filter(Boolean);
  const message = problem && t(problem.key, problem.params);
  const describedBy = [notes.length ? `${id}-help` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const choices = choicesOf(item, language, [t('runner.yes'), t('runner.no')], (level) => thresholdOf(item, level, t, (n) => format.number(n)));
  const helper = (
    <>
      {notes.length > 0 && <FormHelperText id={`${id}-help`} error={false}>{notes.join(' ')}</FormHelperText>}
      {message && <FormHelperText id={`${id}-error`} error>{message}</FormHelperText>}
    </>
  );

  if (choices) {
    const horizontal = item.type === 'integer' || item.type === 'decimal' || item.type === 'boolean';
    return (
      <FormControl component="fieldset" error={Boolean(message)} sx={{ width: '100%' }} data-linkid={item.linkId}>
        <FormLabel component="legend" id={`${id}-label`} sx={{ color: 'text.primary', mb: 0.5, '&.Mui-focused': { color: 'text.primary' } }}>
          <Typography component="span" sx={{ fontWeight: 500 }}>{label}</Typography>
        </FormLabel>
        <RadioGroup
          name={item.linkId}
          row={horizontal}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          value={value === undefined ? '' : String(value)}
          onChange={(_event, next) => onChange(choices.find((choice) => String(choice.value) === next)?.value)}
        >
          {choices.map((choice) => (
            <FormControlLabel key={String(choice.value)} value={String(choice.value)} control={<Radio />} label={choice.threshold
              ? <>{choice.label} <Typography component="span" color="text.secondary">({choice.threshold})</Typography></>
              : choice.label} />
          ))}
        </RadioGroup>
        {helper}
        {measure && isMeasured(item) && (
          <MeasureField item={item} level={value} value={measure.value} language={language} problem={measure.problem} onChange={measure.onChange} />
        )}
      </FormControl>
    );
  }

  const numeric = item.type === 'integer' || item.type === 'decimal';
  return (
    <FormControl sx={{ width: '100%' }} data-linkid={item.linkId}>
      <TextField
        id={id}
        label={label}
        type={numeric ? 'number' : 'text'}
        multiline={!numeric}
        value={value === undefined ? '' : String(value)}
        error={Boolean(message)}
        onChange={(event) => {
          const text = event.target.value;
          onChange(text === '' ? undefined : numeric ? Number(text) : text);
        }}
        slotProps={{
          htmlInput: {
            'aria-describedby': describedBy,
            ...(numeric && { inputMode: item.type === 'integer' ? 'numeric' : 'decimal', min: item.min, max: item.max, step: item.step ?? (item.type === 'integer' ? 1 : 'any') }),
          },
          input: numeric && item.unit ? { endAdornment: <InputAdornment position="end">{item.unit}</InputAdornment> } : undefined,
        }}
      />
      {helper}
    </FormControl>
  );
}
