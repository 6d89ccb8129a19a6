import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_CARE_MANAGERS, MAX_EXTERNAL_CAREGIVERS, withCreatorAsManager } from '@geria/domain';
import { participantInputSchema, participantRecordErrors, type ParticipantInput } from '@geria/domain/rules/participants-record.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { DateField } from '../../../components/DateField.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { usePilotName } from '../../../i18n/use-pilot-name.ts';
import { usePilots, useSaveParticipant, type ParticipantRecord } from '../api/participants.ts';
import { fieldErrors, useSectionNotices } from './notices.ts';

/** Countries of the study's phone prefixes. */
const PHONE_COUNTRIES = ['IT', 'PT', 'GR', 'FR', 'ES', 'RO', 'IL', 'NL', 'CH', 'GB'];

type Draft = {
  firstName: string; lastName: string; SB_Email: string; caregiverEmails: string[];
  ccmids: { ccmid: string; accepted: boolean; notifications: boolean }[]; pilot: number | ''; phone: string; phoneCountry: string; dropOff: string;
};

const draftOf = (record?: ParticipantRecord): Draft => ({
  firstName: record?.firstName ?? '', lastName: record?.lastName ?? '', SB_Email: record?.SB_Email ?? '',
  caregiverEmails: record?.caregiverEmails ?? [], ccmids: record?.ccmids ?? [], pilot: record?.pilot ?? '',
  phone: record?.contactPhone?.number ?? '', phoneCountry: record?.contactPhone?.country ?? '', dropOff: record?.dropOff ?? '',
});

function toInput(draft: Draft, recruitment: number): ParticipantInput {
  return {
    firstName: draft.firstName, lastName: draft.lastName, SB_Email: draft.SB_Email.trim() || null,
    caregiverEmails: draft.caregiverEmails.map((e) => e.trim()).filter(Boolean),
    ccmids: draft.ccmids.filter((m) => m.ccmid.trim()).map((m) => ({ ...m, ccmid: m.ccmid.trim() })),
    pilot: draft.pilot === '' ? Number.NaN : draft.pilot,
    contactPhone: draft.phone.trim() ? { number: draft.phone.trim(), country: draft.phoneCountry || null } : null,
    dropOff: draft.dropOff || null, recruitment,
  };
}

/** Creates or modifies the study record: names, study e-mail, caregivers, care managers, pilot, phone, drop-off. */
export function ParticipantFormDialog({ record, onClose, onSaved }: { record?: ParticipantRecord; onClose: () => void; onSaved?: (id: string) => void }) {
  const { t } = useTranslation('participants');
  const pilots = usePilots();
  const pilotName = usePilotName();
  const save = useSaveParticipant(record?.id);
  const notices = useSectionNotices('patient');
  const [draft, setDraft] = useState<Draft>(() => draftOf(record));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const outcome = record ? 'updated' : 'created';
  const { user } = useAuth();
  // The server's rule: a CCM creating a participant becomes one of its managers; say so before saving.
  const named = toInput(draft, 0).ccmids ?? [];
  const creatorJoins = !record && !!user && withCreatorAsManager(named, user).length > named.length;

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = toInput(draft, record?.recruitment ?? 0);
    const parsed = participantInputSchema.safeParse(input);
    const local: Record<string, string> = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.map(String).join('.'), i.message.includes('.') ? i.message : 'validation.invalid']));
    const [rule] = parsed.success ? participantRecordErrors(parsed.data) : [];
    if (rule) local[rule.code.includes('Caregiver') ? 'caregiverEmails' : 'ccmids'] = rule.code;
    setErrors(local);
    if (Object.keys(local).length) return;
    save.mutate(input, {
      onSuccess: (saved) => { notices.done(outcome); onSaved?.(saved.id); onClose(); },
      onError: (error) => {
        const fields = fieldErrors(error);
        setErrors(fields);
        notices.failed(outcome, error);
      },
    });
  }

  const helper = (path: string) => (errors[path] ? t(`messages:${errors[path]}`, { max: 3 }) : undefined);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true, 'aria-labelledby': 'participant-form-title' } as object }}>
      <DialogTitle id="participant-form-title">{record ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}><TextField fullWidth required label={t('form.firstName')} value={draft.firstName} onChange={(e) => set({ firstName: e.target.value })} error={!!errors.firstName} helperText={helper('firstName')} /></Grid>
          <Grid size={{ xs: 12, sm: 6 }}><TextField fullWidth required label={t('form.lastName')} value={draft.lastName} onChange={(e) => set({ lastName: e.target.value })} error={!!errors.lastName} helperText={helper('lastName')} /></Grid>
          <Grid size={{ xs: 12, sm: 6 }}><TextField fullWidth type="email" label={t('form.studyEmail')} value={draft.SB_Email} onChange={(e) => set({ SB_Email: e.target.value })} error={!!errors.SB_Email} helperText={helper('SB_Email')} /></Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField select fullWidth required label={t('form.pilot')} value={draft.pilot} onChange={(e) => set({ pilot: Number(e.target.value) })} error={!!errors.pilot} helperText={helper('pilot')}>
              {(pilots.data ?? []).map((p) => <MenuItem key={p.pilotid} value={p.pilotid}>{pilotName(p)}</MenuItem>)}
            </TextField>
          </Grid>
          {/* On a phone a third of the row cut the label short ("Cou…"): the country takes a row of its own. */}
          <Grid size={{ xs: 12, sm: 3 }}>
            <TextField select fullWidth label={t('form.phoneCountry')} value={draft.phoneCountry} onChange={(e) => set({ phoneCountry: e.target.value })}>
              <MenuItem value="">—</MenuItem>
              {PHONE_COUNTRIES.map((c) => <MenuItem key={c} value={c}>{c}</MenuItem>)}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}><TextField fullWidth type="tel" label={t('form.phone')} value={draft.phone} onChange={(e) => set({ phone: e.target.value })} error={!!errors.contactPhone} helperText={helper('contactPhone')} /></Grid>
          <Grid size={{ xs: 12, sm: 4 }}><DateField fullWidth label={t('form.dropOff')} value={draft.dropOff} onChange={(day) => set({ dropOff: day })} error={!!errors.dropOff} helperText={helper('dropOff')} /></Grid>
        </Grid>

        <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>{t('form.caregivers', { max: MAX_EXTERNAL_CAREGIVERS })}</Typography>
        <Stack spacing={1} sx={{ mt: 1 }}>
          {draft.caregiverEmails.map((email, index) => (
            <Stack key={index} direction="row" spacing={1}>
              <TextField fullWidth size="small" type="email" label={t('form.caregiverEmail', { n: index + 1 })} value={email}
                onChange={(e) => set({ caregiverEmails: draft.caregiverEmails.map((x, i) => (i === index ? e.target.value : x)) })} />
              <IconButton aria-label={t('form.remove')} onClick={() => set({ caregiverEmails: draft.caregiverEmails.filter((_, i) => i !== index) })}><DeleteIcon /></IconButton>
            </Stack>
          ))}
          {errors.caregiverEmails && <Typography color="error" variant="body2" role="alert">{helper('caregiverEmails')}</Typography>}
          <Button startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }} disabled={draft.caregiverEmails.length >= MAX_EXTERNAL_CAREGIVERS}
            onClick={() => set({ caregiverEmails: [...draft.caregiverEmails, ''] })}>{t('form.addCaregiver')}</Button>
        </Stack>

        <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>{t('form.careManagers', { max: MAX_CARE_MANAGERS })}</Typography>
        <Stack spacing={1} sx={{ mt: 1 }}>
          {draft.ccmids.map((manager, index) => {
            const update = (patch: Partial<typeof manager>) => set({ ccmids: draft.ccmids.map((m, i) => (i === index ? { ...m, ...patch } : m)) });
            return (
              <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <TextField size="small" label={t('form.careManager', { n: index + 1 })} value={manager.ccmid} onChange={(e) => update({ ccmid: e.target.value })} />
                <FormControlLabel control={<Checkbox checked={manager.accepted} onChange={(e) => update({ accepted: e.target.checked })} />} label={t('form.accepted')} />
                <FormControlLabel control={<Checkbox checked={manager.notifications} onChange={(e) => update({ notifications: e.target.checked })} />} label={t('form.notifications')} />
                <IconButton aria-label={t('form.remove')} onClick={() => set({ ccmids: draft.ccmids.filter((_, i) => i !== index) })}><DeleteIcon /></IconButton>
              </Stack>
            );
          })}
          {creatorJoins && <Alert severity="info">{t('form.creatorJoins')}</Alert>}
          {errors.ccmids && <Typography color="error" variant="body2" role="alert">{helper('ccmids')}</Typography>}
          <Button startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }} disabled={draft.ccmids.length >= MAX_CARE_MANAGERS}
            onClick={() => set({ ccmids: [...draft.ccmids, { ccmid: '', accepted: false, notifications: true }] })}>{t('form.addCareManager')}</Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>{t('actions.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
