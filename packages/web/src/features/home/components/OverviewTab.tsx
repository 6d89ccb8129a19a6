import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CIGARETTE_BANDS, instrumentShortName, readsAnalyticsResults, recruitmentStatusFromCode, recruitmentStatusLabelKey, seesClinicalAggregates, seesPatientAlerts, VALUE_SETS } from '@geria/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import type { Count, TabProps } from '../api/home.ts';
import { AnalyticsAlertsCard, PatientAlertsCard } from './AlertsCards.tsx';
import { CountsCard } from './CountsCard.tsx';
import { SeriesCard } from './SeriesCard.tsx';
import { TabGrid } from './TabGrid.tsx';

function Total({ label, value }: { label: string; value: number | undefined }) {
  const format = useFormat();
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 160 }}>
      <Typography variant="body2" color="text.secondary">{label}</Typography>
      <Typography variant="h4" component="p">{value === undefined ? '…' : format.number(value)}</Typography>
    </Paper>
  );
}

const sum = (counts: Count[] | undefined) => counts?.reduce((total, c) => total + c.n, 0);

/** Overview: platform usage for every role; habits, BMI, diseases, questionnaire results and alerts for clinical roles. */
export function OverviewTab({ data, isPending }: TabProps<'overview'>) {
  const { t } = useTranslation(['home', 'messages', 'assessments']);
  const format = useFormat();
  const clinical = data?.clinical ?? undefined;
  // Which cards the role sees is known before the numbers: every card is in place, at its size, from the first paint.
  const roles = useAuth().user?.roles ?? [];
  const showClinical = seesClinicalAggregates(roles);
  const showAlerts = seesPatientAlerts(roles);
  // Only the cards whose numbers the role may read: the Auditor's API answer for analytics alerts is 403.
  const showAnalyticsAlerts = readsAnalyticsResults(roles);
  const gender = (key: string) => t(`genders.${key}`, { defaultValue: t('genders.unknown') });
  const cigaretteGenders = clinical && [...new Set(clinical.cigarettes.map((r) => r.gender))];
  const status = (key: string) => t(`messages:${recruitmentStatusLabelKey(recruitmentStatusFromCode(Number(key)) ?? 'pending')}`);
  const rows = (counts: Count[] | undefined, label: (key: string) => string) => counts?.map((c) => ({ label: label(c.key), value: c.n }));
  const smokingLabel = (key: string) => t(`messages:${VALUE_SETS.smokerStatus.find((o) => o.key === key)?.labelKey ?? 'rules.options.smokerStatus.unknown'}`);
  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 3, flexWrap: 'wrap' }}>
        <Total label={t('participants')} value={sum(data?.participantsByStatus)} />
        <Total label={t('assessments')} value={data?.assessments} />
        <Total label={t('questionnaireResponses')} value={data?.questionnaireResponses} />
        <Total label={t('resources')} value={sum(data?.resourcesByType)} />
        <Total label={t('activeUsers')} value={data?.activeUsers} />
      </Stack>
      <TabGrid>
        <CountsCard title={t('byStatus')} rows={rows(data?.participantsByStatus, status)} loading={isPending} />
        <CountsCard title={t('resourcesByType')} rows={rows(data?.resourcesByType, (k) => t(`resourceTypes.${k}`, { defaultValue: k }))} loading={isPending} />
        <SeriesCard
          title={t('lastSevenDays')}
          kind="line"
          categoryLabel={t('day')}
          categories={data?.lastSevenDays.map((d) => format.date(`${d.day}T12:00:00Z`, { weekday: 'short', day: 'numeric', month: 'short' }))}
          series={data && (['observations', 'conditions', 'responses'] as const).map((k) => ({ name: t(`perDay.${k}`), values: data.lastSevenDays.map((d) => d[k]) }))}
          loading={isPending}
        />
        {showClinical && (
          <>
            <CountsCard
              title={t('diseases')}
              subheader={clinical && t('profiledCount', { n: format.number(clinical.profiled) })}
              rows={clinical?.diseases.map((d) => ({ label: `${t(`assessments:profiling.conditions.${d.key}`)} (${format.percent(d.percent / 100, 1)})`, value: d.n }))}
              loading={isPending}
            />
            <CountsCard title={t('lifeHabits')} rows={rows(clinical?.smoking, smokingLabel)} loading={isPending} />
            <SeriesCard
              title={t('cigarettes')}
              subheader={t('cigarettesNote')}
              categoryLabel={t('gender')}
              categories={cigaretteGenders?.map(gender)}
              stack
              series={clinical && cigaretteGenders && CIGARETTE_BANDS.map((band) => ({
                name: t('cigaretteBands', { band }),
                values: cigaretteGenders.map((g) => clinical.cigarettes.find((r) => r.gender === g && r.band === band)?.n ?? 0),
              }))}
              loading={isPending}
            />
            <CountsCard title={t('bmi')} rows={rows(clinical?.bmi, (k) => t(`bmiBands.${k}`))} loading={isPending} />
            <CountsCard title={t('physicalActivity')} rows={rows(clinical?.physicalActivity, (k) => t(`activityBands.${k}`))} loading={isPending} />
            <CountsCard title={t('questionnaireResults')} rows={rows(clinical?.questionnaireResults, (k) => instrumentShortName(k, format.language) ?? t(`questionnaires.${k}`, { defaultValue: k }))} loading={isPending} />
          </>
        )}
        {showClinical && showAlerts && <PatientAlertsCard first={data?.patientAlerts ?? undefined} computedAt={data?.computedAt} loading={isPending} />}
        {showAnalyticsAlerts && <AnalyticsAlertsCard />}
      </TabGrid>
    </>
  );
}
