import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { describeError } from '../../../lib/api-error.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { useDeleteAnalytic, useNewRun, useNotebook, type AnalyticItem } from '../api/analytics.ts';
import { AnalyticWizard } from '../components/AnalyticWizard.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ExplainedAction, RunPanel } from '../components/RunPanel.tsx';

function AnalyticCard({ analytic }: { analytic: AnalyticItem }) {
  const { t } = useTranslation('analytics');
  const notify = useNotify();
  const newRun = useNewRun();
  const remove = useDeleteAnalytic();
  const [deleting, setDeleting] = useState(false);
  const onError = (error: unknown) => { const e = describeError(error); notify.error(e.code, { defaultValue: e.message }); };
  const latest = analytic.runs[0];
  return (
    <Card variant="outlined" component="section" aria-labelledby={`analytic-${analytic.id}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id={`analytic-${analytic.id}`} sx={{ flexGrow: 1 }}>{analytic.name}</Typography>
          <Typography variant="body2" color="text.secondary">{t(`types.${analytic.definition.analysis.type}`)}</Typography>
          <Stack role="group" aria-label={t('analyticActions')} direction="row" spacing={1}>
            <ExplainedAction help={t('runAgainHelp')} disabled={newRun.isPending}>
              <Button size="small" variant="outlined" onClick={() => newRun.mutate(analytic.id, { onSuccess: () => notify.success('analytics:runQueued'), onError })} disabled={newRun.isPending}>{t('runAgain')}</Button>
            </ExplainedAction>
            <ExplainedAction help={t('deleteAnalyticHelp')}>
              <Button size="small" color="error" onClick={() => setDeleting(true)}>{t('deleteAnalytic')}</Button>
            </ExplainedAction>
          </Stack>
        </Stack>
        {analytic.description && <Typography variant="body2">{analytic.description}</Typography>}
        {latest ? <RunPanel key={latest.id} runId={latest.id} charts={analytic.definition.charts} /> : <Typography>{t('noRuns')}</Typography>}
        {analytic.runs.length > 1 && <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{t('earlierRuns', { count: analytic.runs.length - 1 })}</Typography>}
      </CardContent>
      {deleting && (
        <ConfirmDialog title={t('deleteAnalytic')} text={t('deleteAnalyticText', { name: analytic.name })} busy={remove.isPending} onClose={() => setDeleting(false)}
          onConfirm={() => remove.mutate(analytic.id, { onSuccess: () => { notify.success('analytics:analyticDeleted'); setDeleting(false); }, onError: (e) => { onError(e); setDeleting(false); } })} />
      )}
    </Card>
  );
}

/** `/notebooks/:notebookID`: the notebook's analytics, their latest runs and results, and the create wizard. */
export function NotebookPage({ route }: ScreenProps) {
  const { t } = useTranslation('analytics');
  const { notebookID = '' } = useParams();
  const notebook = useNotebook(notebookID);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader title={notebook.data?.name ?? t(`shell:${route.title ?? 'routes.Notebooks.show'}`)}
        actions={<Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={creating || !notebook.data}>{t('newAnalytic')}</Button>} />
      {notebook.isPending && <CenteredProgress label={t('shell:app.loading')} />}
      {notebook.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {notebook.data?.description && <Typography sx={{ mb: 2 }}>{notebook.data.description}</Typography>}
      {creating && <AnalyticWizard notebookId={notebookID} onCreated={() => setCreating(false)} onCancel={() => setCreating(false)} />}
      {notebook.data?.analytics.length === 0 && !creating && <EmptyState message={t('noAnalytics')} />}
      <Stack spacing={2}>
        {notebook.data?.analytics.map((a) => <AnalyticCard key={a.id} analytic={a} />)}
      </Stack>
    </>
  );
}
