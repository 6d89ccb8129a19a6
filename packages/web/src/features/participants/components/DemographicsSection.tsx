import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ageFromBirthDate, VALUE_SETS } from '@geria/domain';
import { BIOLOGICAL_GENDERS, CODED_DEMOGRAPHICS } from '@geria/domain/rules/demographics-lists.ts';
import type { DemographicsInput } from '@geria/domain/rules/participants-demographics.ts';
import { memo, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useDeferredData } from '../../../lib/deferred-data.ts';
import { useDemographicsSave, useSection } from '../api/sections.ts';
import { InactivityChip } from '../../../components/InactivityChip.tsx';
import { fieldErrors, useSectionNotices } from './notices.ts';
import { SectionCard } from './SectionCard.tsx';

type Stored = Required<{ [K in keyof DemographicsInput]: DemographicsInput[K] }> & {
  ageGroup: string; birthdayOrAgePresent: boolean; lastTransmission: string | null; createdBy: string; lastUpdated: string;
};
type Draft = Record<string, string>;
const TEXT_FIELDS = ['projectIdentifier', 'sourceOfReferral', 'ethnicity', 'smartphoneImei'] as const;
const DATE_FIELDS = ['consentDate', 'consentWithdrawalDate'] as const;

const draftOf = (d: Stored): Draft => Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]));

function toInput(draft: Draft): DemographicsInput {
  const text = (k: string) => draft[k]?.trim() || null;
  return {
    ...Object.fromEntries([...TEXT_FIELDS, ...DATE_FIELDS, ...CODED_DEMOGRAPHICS, 'biologicalGender', 'birthDate'].map((k) => [k, text(k)])),
    // A birth date replaces an entered age (the rule of participants-demographics.ts's recordedAge).
    age: draft.birthDate?.trim() ? null : draft.age ? Number(draft.age) : null,
    stairsAtHome: draft.stairsAtHome === '' || draft.stairsAtHome === undefined ? null : draft.stairsAtHome === 'true',
  } as DemographicsInput;
}

/**
 * Demographics: coded items, birth date or age, consent, referral; the derived age group and
 * inactivity are read-only. The form renders the stored values as a non-urgent update
 * (lib/deferred-data.ts): it is the record's largest section. It is memoised, so that the urgent
 * render when they arrive stops here instead of rendering the form again with the previous ones.
 */
export function DemographicsSection({ participantId }: { participantId: string }) {
  const stored = useSection<Stored>(participantId, 'demographics');
  const shown = useDeferredData(stored.data, stored.isError);
  return <DemographicsForm participantId={participantId} data={shown.data} isPending={shown.isPending} isError={stored.isError} />;
}

const DemographicsForm = memo(function DemographicsForm({ participantId, data, isPending, isError }: {
  participantId: string; data: Stored | undefined; isPending: boolean; isError: boolean;
}) {
  const { t } = useTranslation('participants');
  const format = useFormat();
  const save = useDemographicsSave(participantId);
  const notices = useSectionNotices('demographics');
  // The draft starts from the stored values and starts again from them whenever they change (after
  // a save), derived during render rather than copied in an effect, which rendered the form twice.
  const [edited, setEdited] = useState<{ of: Stored; draft: Draft } | null>(null);
  const draft = useMemo(() => (edited && edited.of === data ? edited.draft : data ? draftOf(data) : {}), [edited, data]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setValue = (name: string, value: string) => {
    if (data) setEdited((current) => ({ of: data, draft: { ...(current && current.of === data ? current.draft : draftOf(data)), [name]: value } }));
  };
  const set = (name: string) => (e: { target: { value: string } }) => setValue(name, e.target.value);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = toInput(draft);
    // The schema (and zod) load when the form is first saved, not with the record's first paint.
    const { demographicsInputSchema } = await import('@geria/domain/rules/participants-demographics.ts');
    const parsed = demographicsInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message.includes('.') ? i.message : 'validation.invalid'])));
      return;
    }
    setErrors({});
    save.mutate(input, {
      onSuccess: () => notices.done('updated'),
      onError: (error) => { setErrors(fieldErrors(error)); notices.failed('updated', error); },
    });
  }

  const common = (name: string) => ({
    fullWidth: true, name, label: t(`demographics.${name}`), value: draft[name] ?? '', disabled: !data,
    error: !!errors[name], helperText: errors[name] ? t(`messages:${errors[name]}`) : undefined,
  });
  const field = (name: string, props: { type?: string; select?: boolean; children?: React.ReactNode } = {}) => (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <TextField {...common(name)} onChange={set(name)} select={props.select} type={props.type}>
        {props.select && [<MenuItem key="" value="">—</MenuItem>, props.children]}
      </TextField>
    </Grid>
  );
  // With a birth date typed, the age is the one derived from it: shown, not entered.
  const derivedAge = draft.birthDate?.trim() ? ageFromBirthDate(draft.birthDate.trim(), new Date()) : undefined;
  const ageField = derivedAge === undefined ? field('age', { type: 'number' }) : (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <TextField {...common('age')} value={derivedAge ?? ''} helperText={t('demographics.ageFromBirthDate')} slotProps={{ htmlInput: { readOnly: true } }} />
    </Grid>
  );
  const dateField = (name: (typeof DATE_FIELDS)[number]) => (
    <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}><DateField {...common(name)} onChange={(day) => setValue(name, day)} /></Grid>
  );

  return (
    // While the values load, the form is in place, disabled and empty, instead of a short skeleton:
    // the sections below do not move down when it fills (the record's layout shift on a wide screen).
    <SectionCard title={t('demographics.title')} loading={isPending} placeholder errorKey={isError ? 'participants.messages.patient.loadError' : null} empty={false} emptyText="">
      <Stack component="form" spacing={3} onSubmit={submit} noValidate aria-label={t('demographics.title')}>
        {data && !data.birthdayOrAgePresent && <Alert severity="warning">{t('messages:participants.messages.birthdayReminder')}</Alert>}
        {/* An age without a birth date opens the assessments page; creating one asks for the birth date, in the Assessments page's words. */}
        {data && data.birthdayOrAgePresent && !data.birthDate && <Alert severity="info">{t('messages:rules.assessment.birthDateRequired')}</Alert>}
        <Grid container spacing={2}>
          {field('projectIdentifier')}
          {field('birthDate', { type: 'text' })}
          {ageField}
          {field('gender', { select: true, children: VALUE_SETS.gender.map((o) => <MenuItem key={o.key} value={o.key}>{t(`messages:${o.labelKey}`)}</MenuItem>) })}
          {field('biologicalGender', { select: true, children: BIOLOGICAL_GENDERS.map((g) => <MenuItem key={g} value={g}>{t(`demographics.biological.${g}`)}</MenuItem>) })}
          {(['educationLevel', 'livingSituation', 'accommodationType', 'livesWith'] as const).map((name) => (
            <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField fullWidth select name={name} label={t(`demographics.${name}`)} value={draft[name] ?? ''} onChange={set(name)} disabled={!data}>
                <MenuItem value="">—</MenuItem>
                {VALUE_SETS[name].map((o) => <MenuItem key={o.key} value={o.key}>{t(`messages:${o.labelKey}`)}</MenuItem>)}
              </TextField>
            </Grid>
          ))}
          {field('stairsAtHome', { select: true, children: [<MenuItem key="y" value="true">{t('common.yes')}</MenuItem>, <MenuItem key="n" value="false">{t('common.no')}</MenuItem>] })}
          {field('sourceOfReferral')}
          {field('ethnicity')}
          {DATE_FIELDS.map((name) => dateField(name))}
          {field('smartphoneImei')}
        </Grid>
        <Typography variant="body2" color="text.secondary">{t('demographics.birthDateHint')}</Typography>
        <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
          {(data ? [
            ['ageGroup', data.ageGroup === 'No Info' ? t('messages:rules.calculations.noInfo') : data.ageGroup],
            ['inactivity', <InactivityChip key="i" lastUse={data.lastTransmission} />],
            ['lastTransmission', data.lastTransmission ? format.dateTime(data.lastTransmission) : '—'],
            ['createdBy', data.createdBy],
            ['lastUpdated', format.dateTime(data.lastUpdated)],
          ] : ['ageGroup', 'inactivity', 'lastTransmission', 'createdBy', 'lastUpdated'].map((name) => [name, '—'])).map(([name, value]) => (
            <Grid key={name as string} size={{ xs: 6, md: 'grow' }}>
              <Typography component="dt" variant="caption" color="text.secondary">{t(`demographics.${name as string}`)}</Typography>
              <Typography component="dd" sx={{ m: 0 }}>{value}</Typography>
            </Grid>
          ))}
        </Grid>
        <Button type="submit" variant="contained" disabled={save.isPending || !data} sx={{ alignSelf: 'flex-start' }}>{t('demographics.save')}</Button>
      </Stack>
    </SectionCard>
  );
});
