import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { TableScroller } from '../../../components/TableScroller.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useDeferredData } from '../../../lib/deferred-data.ts';
import { useAdverseEvents, useSaveAdverseEvent, useSuspects, type AdverseEventItem } from '../api/adverse-events.ts';
import { AdverseEventDialog } from './AdverseEventDialog.tsx';
import { useSuspectName } from './use-suspect-name.ts';

/** Adverse events of the patient record (SPEC §2, §3): list, create and edit, suspected devices and medications named. */
export function AdverseEventsSection({ participantId }: { participantId: string }) {
  const { t } = useTranslation('adverseevents');
  const format = useFormat();
  const notify = useNotify();
  const titleId = useId();
  const events = useAdverseEvents(participantId);
  const suspects = useSuspects(participantId);
  const save = useSaveAdverseEvent(participantId);
  const [editing, setEditing] = useState<{ item?: AdverseEventItem } | null>(null);
  // The events and their suspects' names render as non-urgent updates (lib/deferred-data.ts): the
  // record's sections arriving together are not one long task.
  const shown = useDeferredData(events.data, events.isError);
  const shownSuspects = useDeferredData(suspects.data, suspects.isError).data;
  const suspectName = useSuspectName();
  const suspectLabel = (kind: string, id: string) => {
    const found = shownSuspects?.find((s) => s.kind === kind && s.id === id);
    return found ? suspectName(found) : `${t(`kind.${kind}`)}: ${t('removedSuspect')}`;
  };

  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId} aria-busy={shown.isPending}>
      <CardHeader title={t('title')} slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
        action={<Button startIcon={<AddIcon />} onClick={() => { save.reset(); setEditing({}); }}>{t('add')}</Button>} />
      <CardContent>
        {shown.isPending ? <Skeleton variant="rounded" height={96} role="progressbar" aria-label={t('loading')} />
          : events.isError || !shown.data ? <Alert severity="error">{t('loadFailed')}</Alert>
            : !shown.data.length ? <EmptyState message={t('empty')} /> : (
              <TableScroller label={t('title')} stickyActions>
                <Table size="small" aria-labelledby={titleId}>
                  <TableHead>
                    <TableRow>
                      {(['event', 'detectedDate', 'recordedDate', 'category', 'severity', 'seriousness', 'outcome', 'causality', 'suspectEntities'] as const)
                        .map((c) => <TableCell key={c}>{t(`fields.${c}`)}</TableCell>)}
                      <TableCell>{t('actions')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.data.map((e) => (
                      <TableRow key={e.id}>
                        <TableCell>{e.event}{e.actuality === 'potential' && <Chip size="small" sx={{ ml: 1 }} label={t('actuality.potential')} />}</TableCell>
                        <TableCell>{e.detectedDate && format.date(e.detectedDate)}</TableCell>
                        <TableCell>{e.recordedDate && format.date(e.recordedDate)}</TableCell>
                        <TableCell>{e.category && t(`category.${e.category}`)}</TableCell>
                        <TableCell>{e.severity && t(`severity.${e.severity}`)}</TableCell>
                        <TableCell>{e.seriousness && t(`seriousness.${e.seriousness}`)}</TableCell>
                        <TableCell>{e.outcome && t(`outcome.${e.outcome}`)}</TableCell>
                        <TableCell>{e.suspectEntities.length ? t(`causality.${e.causality}`) : '—'}</TableCell>
                        <TableCell>{e.suspectEntities.map((s) => suspectLabel(s.kind, s.id)).join('; ') || '—'}</TableCell>
                        <TableCell>
                          <IconButton aria-label={t('editNamed', { name: e.event })} onClick={() => { save.reset(); setEditing({ item: e }); }}><EditIcon /></IconButton>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableScroller>
            )}
      </CardContent>
      {editing && (
        <AdverseEventDialog
          initial={editing.item} suspects={suspects.data ?? []} saving={save.isPending} serverError={save.error}
          onClose={() => setEditing(null)}
          onSubmit={(input) => save.mutate({ id: editing.item?.id, input }, {
            onSuccess: () => { setEditing(null); notify.success(editing.item ? 'adverseevents:updated' : 'adverseevents:created'); },
            onError: (error) => { if (!(error instanceof ApiError && Array.isArray(error.details))) { if (error instanceof ApiError) notify.error(error.code, { defaultValue: error.message }); else notify.error('adverseevents:saveFailed'); } },
          })}
        />
      )}
    </Card>
  );
}
