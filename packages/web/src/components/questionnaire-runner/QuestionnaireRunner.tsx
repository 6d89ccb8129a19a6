import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { validateAnswers, type Answers, type AnswerValue, type InstrumentDef, type ScoreResult } from '@geria/domain';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/create-i18n.ts';
import { ItemField } from './ItemField.tsx';
import { isMeasured, withMeasure } from './measure-answer.ts';
import { RecapTable } from './RecapTable.tsx';
import { ScoreSummary } from './ScoreSummary.tsx';
import { buildSteps, isAddable, nextAddable, shownAnswers, stepProblems, visibleItems } from './steps.ts';

export interface QuestionnaireRunnerProps {
  instrument: InstrumentDef;
  /** The answers of a stored response being changed. */
  initialAnswers?: Answers;
  /** Receives the answers shown and their score on Save; without it (a preview) there is no Save. */
  onSave?: (answers: Answers, score: ScoreResult) => void | Promise<void>;
  /** Close (SPEC §2); without it there is no Close button. */
  onClose?: () => void;
  /** Id of the title heading, for a dialog to be labelled by it. */
  titleId?: string;
}

type Phase = { kind: 'intro' } | { kind: 'step'; index: number } | { kind: 'result' };

/**
 * Administers an instrument (SPEC §2 "Questionnaire screens"): Start, then one item or group per
 * step with its progress, Previous / Next (Enter) / Add / Reset / Close, live validation with the
 * domain's rules, a Recap of the answers per group (the GHABP situations) and the score, band and
 * subscales computed by the domain. A timed item (FGA, Mini-BESTest) shows the thresholds of its
 * levels and takes its time from a stopwatch or typed in, which suggests the level (SPEC §5).
 * Focus moves to each step's heading, so it runs from the keyboard.
 */
export function QuestionnaireRunner({ instrument: def, initialAnswers = {}, onSave, onClose, titleId }: QuestionnaireRunnerProps) {
  const { t, i18n } = useTranslation('instruments');
  const language = currentLanguage(i18n);
  const ownId = useId();
  const headingId = titleId ?? `${ownId}-title`;
  const [phase, setPhase] = useState<Phase>({ kind: 'intro' });
  const [answers, setAnswers] = useState<Answers>(initialAnswers);
  const [added, setAdded] = useState<ReadonlySet<string>>(() => new Set(def.items.filter((item) => isAddable(def, item) && initialAnswers[item.linkId] !== undefined).map((item) => item.linkId)));
  const [attempted, setAttempted] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  const steps = useMemo(() => buildSteps(def, added), [def, added]);
  const shown = useMemo(() => shownAnswers(steps, answers), [steps, answers]);
  const score = useMemo(() => (phase.kind === 'result' ? def.score(validateAnswers(def, shown)) : null), [def, phase.kind, shown]);
  const grouped = steps.some((step) => step.title);

  useEffect(() => {
    if (moved.current) stepHeading.current?.focus();
  }, [phase]);

  const go = (next: Phase) => {
    moved.current = true;
    setPhase(next);
  };

  const setAnswer = (linkId: string, value: AnswerValue | undefined) => setAnswers((current) => {
    const copy = { ...current };
    if (value === undefined) delete copy[linkId];
    else copy[linkId] = value;
    return copy;
  });

  const index = phase.kind === 'step' ? phase.index : -1;
  const step = steps[index];
  const problems = step && stepProblems(def, step, answers, attempted.has(step.key));

  const next = () => {
    if (!step) return;
    const problems = stepProblems(def, step, answers, true);
    if (problems.size) {
      setAttempted((keys) => new Set(keys).add(step.key));
      const first = [...problems.keys()][0];
      body.current?.querySelector<HTMLElement>(`[data-linkid="${first}"] input, [data-linkid="${first}"] textarea`)?.focus();
      return;
    }
    go(index + 1 < steps.length ? { kind: 'step', index: index + 1 } : { kind: 'result' });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    next();
  };

  // Enter is Next from any answer, radio buttons included; buttons keep their own Enter.
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.tagName === 'BUTTON' || target.tagName === 'TEXTAREA') return;
    event.preventDefault();
    next();
  };

  const addable = nextAddable(def, added);
  const add = () => {
    if (!addable) return;
    const more = new Set(added).add(addable.linkId);
    setAdded(more);
    go({ kind: 'step', index: buildSteps(def, more).findIndex((s) => s.key === addable.linkId) });
  };

  const reset = () => {
    setAnswers({});
    setAdded(new Set());
    setAttempted(new Set());
    go({ kind: 'step', index: 0 });
  };

  const save = async () => {
    if (!onSave || !score) return;
    setSaving(true);
    try {
      await onSave(shown, score);
    } finally {
      setSaving(false);
    }
  };

  const closeButton = onClose && <Button onClick={onClose}>{t('runner.close')}</Button>;
  const resetButton = <Button color="inherit" onClick={reset}>{t('runner.reset')}</Button>;

  return (
    <Box component="section" aria-labelledby={headingId} ref={body}>
      <Typography variant="h5" component="h2" id={headingId} sx={{ mb: 2 }}>{def.title[language]}</Typography>

      {phase.kind === 'intro' && (
        <Stack spacing={2}>
          <Typography>{def.description[language]}</Typography>
          {def.licence && <Typography variant="body2" color="text.secondary">{def.licence[language]}</Typography>}
          <Typography variant="body2" color="text.secondary">{t('runner.stepsCount', { count: steps.length })}</Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => go({ kind: 'step', index: 0 })}>{t('runner.start')}</Button>
            {closeButton}
          </Stack>
        </Stack>
      )}

      {step && (
        <form onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
          <Typography variant="body2" color="text.secondary" id={`${headingId}-progress`}>
            {t('runner.progress', { current: index + 1, total: steps.length })}
          </Typography>
          <LinearProgress variant="determinate" value={((index + 1) / steps.length) * 100} aria-labelledby={`${headingId}-progress`} sx={{ mb: 2, mt: 0.5 }} />
          <Typography variant="h6" component="h3" tabIndex={-1} ref={stepHeading} sx={{ mb: 2, outline: 'none' }}>
            {step.title ? step.title[language] : t('runner.question', { n: index + 1 })}
          </Typography>
          <Stack spacing={3}>
            {visibleItems(step, answers).map((item) => (
              <ItemField
                key={item.linkId}
                item={item}
                value={answers[item.linkId]}
                language={language}
                problem={problems?.get(item.linkId)}
                onChange={(value) => setAnswer(item.linkId, value)}
                measure={isMeasured(item) ? {
                  value: answers[item.measure.linkId],
                  problem: problems?.get(item.measure.linkId),
                  onChange: (value) => setAnswers((current) => withMeasure(item, current, value)),
                } : undefined}
              />
            ))}
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
            <Button variant="outlined" disabled={index === 0} onClick={() => go({ kind: 'step', index: index - 1 })}>{t('runner.previous')}</Button>
            <Button variant="contained" type="submit">{t('runner.next')}</Button>
            {addable && (
              <Button startIcon={<AddIcon />} onClick={add} aria-label={t('runner.addItem', { item: addable.text[language] })}>{t('runner.add')}</Button>
            )}
            <Box sx={{ flexGrow: 1 }} />
            {resetButton}
            {closeButton}
          </Stack>
        </form>
      )}

      {phase.kind === 'result' && score && (
        <Stack spacing={3}>
          <Typography variant="h6" component="h3" tabIndex={-1} ref={stepHeading} sx={{ outline: 'none' }}>
            {t(grouped ? 'runner.recap' : 'runner.result')}
          </Typography>
          {grouped && <RecapTable steps={steps} answers={shown} language={language} />}
          <ScoreSummary def={def} score={score} language={language} headingLevel="h4" />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => go({ kind: 'step', index: steps.length - 1 })}>{t('runner.previous')}</Button>
            {onSave && <Button variant="contained" onClick={save} loading={saving}>{t('runner.save')}</Button>}
            <Box sx={{ flexGrow: 1 }} />
            {resetButton}
            {closeButton}
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
