import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { INSTRUMENTS, LANGUAGES, PILOTS, RECRUITMENT_STATUSES, type Language, type RecruitmentStatus } from '@geria/domain';
import {
  CLINICAL_SECTIONS, DATASET_BIRTH, DATASET_ENCOUNTERS, DATASET_LAYOUTS, type DatasetParams, type DatasetParamsInput,
} from '@geria/domain/exports/params.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, isDay } from '../../../components/DateField.tsx';
import { ENDONYMS } from '../../../i18n/endonyms.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { usePilotName } from '../../../i18n/use-pilot-name.ts';

type Form = Omit<DatasetParams, 'from' | 'to'> & { from: string; to: string };

const initial = (language: Language): Form => ({
  pilots: [], instruments: [], clinicalSections: [], encounters: 'all', recruitment: [], from: '', to: '', language, layout: 'wide', birth: 'ageBand', deviceDaily: false,
});

/** The parameters of a dataset export (issue 37 §1), sent as the API takes them. */
export function ExportForm({ busy, onStart }: { busy: boolean; onStart: (params: DatasetParamsInput) => void }) {
  const { t } = useTranslation('exports');
  const format = useFormat();
  const pilotName = usePilotName();
  const [form, setForm] = useState<Form>(() => initial(format.language));
  const set = <K extends keyof Form>(name: K, value: Form[K]) => setForm((f) => ({ ...f, [name]: value }));
  const rangeError = isDay(form.from) && isDay(form.to) && form.from > form.to;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rangeError) return;
    const { from, to, ...rest } = form;
    onStart({ ...rest, ...(isDay(from) && { from }), ...(isDay(to) && { to }) });
  };
  const toggleSection = (section: (typeof CLINICAL_SECTIONS)[number], on: boolean) =>
    set('clinicalSections', on ? [...form.clinicalSections, section] : form.clinicalSections.filter((s) => s !== section));

  return (
    <form onSubmit={submit} aria-label={t('newExport')}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField select fullWidth label={t('pilots')} value={form.pilots} slotProps={{ select: { multiple: true, displayEmpty: true, renderValue: (v) => ((v as number[]).length ? (v as number[]).map((id) => pilotName(PILOTS.find((p) => p.pilotid === id)!)).join(', ') : t('allPilots')) }, inputLabel: { shrink: true } }}
            onChange={(e) => set('pilots', e.target.value as unknown as number[])}>
            {PILOTS.map((p) => <MenuItem key={p.pilotid} value={p.pilotid}>{pilotName(p)}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField select fullWidth label={t('recruitment')} value={form.recruitment} slotProps={{ select: { multiple: true, displayEmpty: true, renderValue: (v) => ((v as string[]).length ? (v as string[]).map((s) => t(`messages:rules.recruitment.status.${s}`)).join(', ') : t('allStatuses')) }, inputLabel: { shrink: true } }}
            onChange={(e) => set('recruitment', e.target.value as unknown as RecruitmentStatus[])}>
            {RECRUITMENT_STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`messages:rules.recruitment.status.${s}`)}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={12}>
          <TextField select fullWidth label={t('instruments')} value={form.instruments} slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).map((id) => INSTRUMENTS.find((d) => d.id === id)?.title[format.language] ?? id).join(', ') } }}
            onChange={(e) => set('instruments', e.target.value as unknown as string[])}>
            {INSTRUMENTS.map((d) => <MenuItem key={d.id} value={d.id}>{d.title[format.language]}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={12}>
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('clinicalSections')}</FormLabel>
            <FormGroup row>
              {CLINICAL_SECTIONS.map((s) => (
                <FormControlLabel key={s} label={t(`sections.${s}`)} control={<Checkbox checked={form.clinicalSections.includes(s)} onChange={(e) => toggleSection(s, e.target.checked)} />} />
              ))}
            </FormGroup>
          </FormControl>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField select fullWidth label={t('encounters')} value={form.encounters} onChange={(e) => set('encounters', e.target.value as Form['encounters'])}>
            {DATASET_ENCOUNTERS.map((v) => <MenuItem key={v} value={v}>{t(`encountersOptions.${v}`)}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <DateField fullWidth label={t('fromDate')} value={form.from} onChange={(day) => set('from', day)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <DateField fullWidth label={t('toDate')} value={form.to} onChange={(day) => set('to', day)} error={rangeError} helperText={rangeError ? t('rangeError') : undefined} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField select fullWidth label={t('language')} value={form.language} onChange={(e) => set('language', e.target.value as Language)}>
            {LANGUAGES.map((l) => <MenuItem key={l} value={l} lang={l}>{ENDONYMS[l]}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormControl>
            <FormLabel id="export-layout">{t('layout')}</FormLabel>
            <RadioGroup aria-labelledby="export-layout" value={form.layout} onChange={(e) => set('layout', e.target.value as Form['layout'])}>
              {DATASET_LAYOUTS.map((v) => <FormControlLabel key={v} value={v} control={<Radio />} label={t(`layouts.${v}`)} />)}
            </RadioGroup>
          </FormControl>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormControl>
            <FormLabel id="export-birth">{t('birth')}</FormLabel>
            <RadioGroup aria-labelledby="export-birth" value={form.birth} onChange={(e) => set('birth', e.target.value as Form['birth'])}>
              {DATASET_BIRTH.map((v) => <FormControlLabel key={v} value={v} control={<Radio />} label={t(`births.${v}`)} />)}
            </RadioGroup>
          </FormControl>
        </Grid>
        <Grid size={12}>
          <FormControlLabel label={t('deviceDaily')} control={<Checkbox checked={form.deviceDaily} onChange={(e) => set('deviceDaily', e.target.checked)} />} />
        </Grid>
        <Grid size={12}>
          <Button type="submit" variant="contained" disabled={busy}>{t('start')}</Button>
        </Grid>
      </Grid>
    </form>
  );
}
