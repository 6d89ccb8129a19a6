import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { ApiError } from '../../../lib/api-error.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { downloadExport, useCancelExport, useDatasetExports, useStartExport } from '../api/exports.ts';
import { ExportForm } from '../components/ExportForm.tsx';
import { ExportList } from '../components/ExportList.tsx';

/** `/exports`: the study dataset export (issue 37 §1): choose, start, follow, cancel, download. */
export function DatasetExportsPage({ route }: ScreenProps) {
  const { t } = useTranslation('exports');
  const notify = useNotify();
  const list = useDatasetExports();
  const start = useStartExport();
  const cancel = useCancelExport();
  const failed = (fallback: string) => (error: Error) => notify.error(error instanceof ApiError ? error.code : `exports:${fallback}`, { defaultValue: error.message });
  const title = t(`shell:${route.title ?? 'routes.DatasetExports'}`);

  return (
    <>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography component="h2" variant="h6" gutterBottom>{t('newExport')}</Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>{t('intro')}</Typography>
        <ExportForm busy={start.isPending} onStart={(params) => start.mutate(params, { onSuccess: () => notify.success('exports:started'), onError: failed('startFailed') })} />
      </Paper>
      <Typography component="h2" variant="h6" gutterBottom>{t('pastExports')}</Typography>
      {list.isPending && <CenteredProgress label={t('shell:app.loading')} />}
      {list.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {list.data && list.data.length === 0 && <EmptyState message={t('empty')} />}
      {list.data && list.data.length > 0 && (
        <ExportList exports={list.data}
          onCancel={(e) => cancel.mutate(e.id, { onError: failed('cancelFailed') })}
          onDownload={(e) => void downloadExport(e).catch(failed('downloadFailed'))} />
      )}
    </>
  );
}
