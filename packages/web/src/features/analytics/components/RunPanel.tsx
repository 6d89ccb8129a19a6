import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { canDeleteRun, nextRunState, RUN_ACTIONS, type ChartKind, type RunAction, type RunState } from '@geria/domain';
import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { describeError } from '../../../lib/api-error.ts';
import { useDeleteRun, useRun, useRunAction } from '../api/analytics.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { RunResults } from './RunResults.tsx';

const COLOUR: Record<RunState, 'disabled' | 'info' | 'success' | 'warning' | 'error'> = {
  Queued: 'disabled', Running: 'info', Completed: 'success', Stopped: 'warning', Interrupted: 'warning', Failed: 'error',
};

export function RunStateChip({ state }: { state: RunState }) {
  const { t } = useTranslation('analytics');
  // Outlined with a coloured mark: filled warning chips fail the text contrast ratio.
  return <Chip size="small" variant="outlined" icon={<FiberManualRecordIcon color={COLOUR[state]} />} label={t(`states.${state}`)} />;
}

/** An action with what it does, read on hover or focus and by screen readers (a disabled button is wrapped: it gets no events). */
export function ExplainedAction({ help, disabled, children }: { help: string; disabled?: boolean; children: ReactElement }) {
  return <Tooltip title={help} describeChild>{disabled ? <span>{children}</span> : children}</Tooltip>;
}

/** One run: live state and progress (polled), its lifecycle actions, and its results once completed. */
export function RunPanel({ runId, charts }: { runId: string; charts: readonly ChartKind[] }) {
  const { t } = useTranslation(['analytics', 'messages']);
  const format = useFormat();
  const notify = useNotify();
  const run = useRun(runId);
  const action = useRunAction();
  const remove = useDeleteRun();
  const [deleting, setDeleting] = useState(false);
  const actionsId = useId();
  if (run.isPending) return <CenteredProgress label={t('shell:app.loading')} />;
  if (run.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  const r = run.data;
  const onError = (error: unknown) => { const e = describeError(error); notify.error(e.code, { defaultValue: e.message }); };
  const act = (a: RunAction) => action.mutate({ id: r.id, action: a }, { onSuccess: () => notify.success(`analytics:actionDone.${a}`), onError });
  const available = RUN_ACTIONS.filter((a) => nextRunState(r.state, a) !== null && !(r.requested && (a === 'stop' || a === 'interrupt')));
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <RunStateChip state={r.state} />
        {r.requested && <Typography variant="body2">{t(`requested.${r.requested}`)}</Typography>}
        <Typography variant="body2" color="text.secondary">
          {t('queuedAt', { at: format.dateTime(r.queuedAt) })}{r.finishedAt && ` · ${t('finishedAt', { at: format.dateTime(r.finishedAt) })}`}
          {r.participants !== null && ` · ${t('participantsCount', { count: r.participants })}`}
        </Typography>
      </Stack>
      {/* The run's own actions, apart from the analytic's (New run, Delete analytic), each saying what it does. */}
      <Stack role="group" aria-labelledby={actionsId} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle2" component="span" id={actionsId}>{t('runActions')}</Typography>
        {available.map((a) => (
          <ExplainedAction key={a} help={t(`actionHelp.${a}`)} disabled={action.isPending}>
            <Button size="small" variant="outlined" onClick={() => act(a)} disabled={action.isPending}>{t(`actions.${a}`)}</Button>
          </ExplainedAction>
        ))}
        <ExplainedAction help={t('actionHelp.delete')} disabled={!canDeleteRun(r.state)}>
          <Button size="small" color="error" onClick={() => setDeleting(true)} disabled={!canDeleteRun(r.state)}>{t('deleteRun')}</Button>
        </ExplainedAction>
      </Stack>
      {(r.state === 'Queued' || r.state === 'Running') && (
        <LinearProgress variant={r.state === 'Queued' ? 'indeterminate' : 'determinate'} value={r.progress * 100} aria-label={t('progress')} />
      )}
      {r.error && <Alert severity={r.state === 'Failed' ? 'error' : 'warning'}>{t(`messages:${r.error.code}`, { ...r.error.values, defaultValue: r.error.code })}</Alert>}
      {r.state === 'Completed' && r.result && <RunResults result={r.result} charts={charts} />}
      {deleting && (
        <ConfirmDialog title={t('deleteRun')} text={t('deleteRunText')} busy={remove.isPending} onClose={() => setDeleting(false)}
          onConfirm={() => remove.mutate(r.id, { onSuccess: () => { notify.success('analytics:runDeleted'); setDeleting(false); }, onError: (e) => { onError(e); setDeleting(false); } })} />
      )}
    </Stack>
  );
}
