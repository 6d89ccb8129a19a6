import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePilotName } from '../../../i18n/use-pilot-name.ts';
import { useDeleteParticipant, usePilots, type ParticipantRecord } from '../api/participants.ts';
import { LazyParticipantFormDialog } from './LazyParticipantFormDialog.tsx';
import { useSectionNotices } from './notices.ts';
import { recruitmentKey } from './recruitment-label.ts';

/** The study record at a glance, with modify and delete (refused by the server when clinical data exist). */
export function RecordSummary({ record }: { record: ParticipantRecord }) {
  const { t } = useTranslation('participants');
  const pilots = usePilots();
  const pilotName = usePilotName();
  const navigate = useNavigate();
  const remove = useDeleteParticipant(record.id);
  const notices = useSectionNotices('patient');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const items: [string, string][] = [
    ['studyEmail', record.SB_Email ?? '—'],
    ['pilot', pilotName(pilots.data?.find((p) => p.pilotid === record.pilot) ?? { pilotid: record.pilot, name: String(record.pilot) })],
    ['phone', record.contactPhone?.number ?? '—'],
    ['caregivers', record.caregiverEmails.join(', ') || '—'],
    ['careManagers', record.ccmids.map((m) => m.ccmid).join(', ') || '—'],
    ['dropOff', record.dropOff ?? '—'],
  ];
  const confirmDelete = () => remove.mutate(undefined, {
    onSuccess: () => { notices.done('deleted'); navigate('/patient'); },
    onError: (error) => { setConfirming(false); notices.failed('deleted', error); },
  });

  return (
    <Card variant="outlined" component="section" aria-label={t('record.title')}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h2">{record.firstName} {record.lastName}</Typography>
            <Chip size="small" color="primary" variant="outlined" label={t(recruitmentKey(record.recruitment))} />
          </Stack>
          <Stack direction="row" spacing={1}>
            <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>{t('record.edit')}</Button>
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>{t('record.delete')}</Button>
          </Stack>
        </Stack>
        <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
          {items.map(([name, value]) => (
            <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
              <Typography component="dt" variant="caption" color="text.secondary">{t(`record.${name}`)}</Typography>
              <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>{value}</Typography>
            </Grid>
          ))}
        </Grid>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>{record.id}</Typography>
      </CardContent>
      {editing && <LazyParticipantFormDialog record={record} onClose={() => setEditing(false)} />}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="delete-participant-title">
        <DialogTitle id="delete-participant-title">{t('record.deleteTitle')}</DialogTitle>
        <DialogContent><DialogContentText>{t('record.deleteText', { name: `${record.firstName} ${record.lastName}` })}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('actions.cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirmDelete} disabled={remove.isPending}>{t('record.delete')}</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
