import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canTransition, GDPR_FILE_TYPES, isEditable, type GdprRight, type GdprStatus } from '@geria/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { ApiError } from '../../../lib/api-error.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import {
  downloadFile, useEditRequest, useExecuteRight, useGdprRequest, useMoveRequest, useUploadFile, type GdprRequestDetail,
} from '../api/gdpr.ts';
import { ExecuteRightDialog } from '../components/ExecuteRightDialog.tsx';
import { ExecutionOutcome } from '../components/ExecutionOutcome.tsx';
import { useCanActOnGdpr } from '../components/can-act.ts';
import { RequestFormDialog } from '../components/RequestFormDialog.tsx';
import { StatusChip } from '../components/StatusChip.tsx';

const ACCEPT = Object.keys(GDPR_FILE_TYPES).map((ext) => `.${ext}`).join(',');

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
      <Typography component="div">{children}</Typography>
    </Grid>
  );
}

/** The confirmation of carrying out the request's right, and the call. */
function ExecuteRight({ request, onClose, onFailed }: { request: GdprRequestDetail; onClose: () => void; onFailed: (error: Error) => void }) {
  const notify = useNotify();
  const execute = useExecuteRight(request);
  return (
    <ExecuteRightDialog right={request.rightName as GdprRight} subject={{ id: request.participantId, name: request.participantName, studyCode: request.studyCode }}
      busy={execute.isPending} onClose={onClose}
      onConfirm={(confirmation) => execute.mutate(confirmation, { onSuccess: () => { onClose(); notify.success('gdpr:messages.executed'); }, onError: onFailed })} />
  );
}

/** `/gdpr/:gdprID/show`: a GDPR request — edit, queue, close, files, log, and carrying out the right. */
export function GdprShowPage({ route }: ScreenProps) {
  const { t } = useTranslation('gdpr');
  const format = useFormat();
  const notify = useNotify();
  const { gdprID = '' } = useParams();
  const canAct = useCanActOnGdpr();
  const request = useGdprRequest(gdprID);
  const edit = useEditRequest(gdprID);
  const move = useMoveRequest(gdprID);
  const upload = useUploadFile(gdprID);
  const fileInput = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState(false);
  const [executing, setExecuting] = useState(false);
  const failed = (error: Error) => notify.error(error instanceof ApiError ? error.code : 'gdpr:messages.saveError', { defaultValue: t('messages.saveError') });
  const title = t(`shell:${route.title ?? 'routes.gdpr'}`);

  if (request.isPending) return <CenteredProgress label={t('shell:app.loading')} />;
  if (request.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  const r = request.data;
  const open = isEditable(r.status);
  const moveTo = (to: GdprStatus, message: string) => move.mutate(to, { onSuccess: () => notify.success(message), onError: failed });

  return (
    <>
      <PageHeader title={t('requestNumber', { id: r.id })} trail={[{ label: title, to: '/gdpr' }]}
        actions={canAct && open && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => { edit.reset(); setEditing(true); }}>{t('actions.edit')}</Button>
            {canTransition(r.status, 'queued') && <Button variant="outlined" disabled={move.isPending} onClick={() => moveTo('queued', 'gdpr:messages.queued')}>{t('actions.queue')}</Button>}
            {r.status === 'queued' && <Button variant="outlined" disabled={move.isPending} onClick={() => moveTo('initiation', 'gdpr:messages.reopened')}>{t('actions.unqueue')}</Button>}
            <Button variant="outlined" disabled={move.isPending} onClick={() => moveTo('closed', 'gdpr:messages.closed')}>{t('actions.close')}</Button>
            {!r.executedAt && r.participantExists && <Button variant="contained" onClick={() => setExecuting(true)}>{t('actions.execute')}</Button>}
          </Stack>
        )} />
      <Stack spacing={3}>
        <Card variant="outlined" component="section" aria-labelledby="gdpr-details">
          <CardHeader title={t('sections.details')} slotProps={{ title: { id: 'gdpr-details', component: 'h2', variant: 'h6' } }} />
          <CardContent>
            <Grid container spacing={2}>
              <Field label={t('fields.participant')}>
                {r.participantExists
                  ? <Link component={RouterLink} to={`/patient/${r.participantId}`} underline="always">{r.participantId}</Link>
                  : <>{r.participantId} <Chip size="small" label={t('participantErased')} /></>}
              </Field>
              <Field label={t('fields.right')}>{`${r.right} · ${t(`rights.${r.rightName}`)}`}</Field>
              <Field label={t('fields.status')}><StatusChip status={r.status} /></Field>
              <Field label={t('fields.about')}>{r.about}</Field>
              <Field label={t('fields.creator')}>{r.creator}</Field>
              <Field label={t('fields.lastUpdated')}>{format.dateTime(r.lastUpdated)}</Field>
              <Grid size={12}>
                <Typography variant="caption" color="text.secondary" component="div">{t('fields.description')}</Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{r.description || '—'}</Typography>
              </Grid>
            </Grid>
            {r.rightName === 'rectification' && r.participantExists && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('rectificationHint')}{' '}
                <Link component={RouterLink} to={`/patient/${r.participantId}`} underline="always">{t('openRecord')}</Link>
              </Alert>
            )}
            <ExecutionOutcome request={r} />
          </CardContent>
        </Card>

        <Card variant="outlined" component="section" aria-labelledby="gdpr-files">
          <CardHeader title={t('sections.files')} slotProps={{ title: { id: 'gdpr-files', component: 'h2', variant: 'h6' } }}
            action={canAct && open && (
              <>
                <input ref={fileInput} type="file" accept={ACCEPT} hidden aria-label={t('actions.attach')}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) upload.mutate(file, { onSuccess: () => notify.success('gdpr:messages.fileAttached'), onError: failed });
                  }} />
                <Button startIcon={<UploadFileIcon />} disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
                  {upload.isPending ? t('files.uploading') : t('actions.attach')}
                </Button>
              </>
            )} />
          <CardContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('files.limits')}</Typography>
            {r.files.length === 0 ? <EmptyState message={t('files.empty')} /> : (
              <List dense>
                {r.files.map((f) => (
                  <ListItem key={f.id} divider secondaryAction={(
                    <Button size="small" startIcon={<DownloadIcon />} aria-label={t('files.downloadNamed', { name: f.fileName })}
                      onClick={() => downloadFile(r.id, f).catch(failed)}>{t('files.download')}</Button>
                  )}>
                    <ListItemText sx={{ pr: 16 }} primary={f.fileName}
                      secondary={`${t(`files.origin.${f.origin}`)} · ${t(`files.status.${f.uploadStatus}`)} · ${format.number(Math.ceil(f.size / 1024))} KB · ${f.uploadedBy} · ${format.dateTime(f.createdAt)}`} />
                  </ListItem>
                ))}
              </List>
            )}
          </CardContent>
        </Card>

        <Card variant="outlined" component="section" aria-labelledby="gdpr-log">
          <CardHeader title={t('sections.log')} slotProps={{ title: { id: 'gdpr-log', component: 'h2', variant: 'h6' } }} />
          <CardContent>
            <List dense>
              {r.log.map((l) => (
                <ListItem key={l.id} divider>
                  <ListItemText primary={t(`steps.${l.step}`, { defaultValue: l.step })}
                    secondary={`${format.dateTime(l.at)} · ${l.actor}${typeof l.details?.fileName === 'string' ? ` · ${l.details.fileName}` : ''}`} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      </Stack>

      {editing && (
        <RequestFormDialog editing initial={{ participantId: r.participantId, right: r.right, about: r.about, description: r.description }}
          saving={edit.isPending} serverError={edit.error} onClose={() => setEditing(false)}
          onSubmit={({ participantId: _p, ...input }) => edit.mutate(input, { onSuccess: () => { setEditing(false); notify.success('gdpr:messages.edited'); }, onError: failed })} />
      )}
      {executing && (
        <ExecuteRight request={r} onClose={() => setExecuting(false)} onFailed={failed} />
      )}
    </>
  );
}
