import { VALUE_SETS } from '@geria/domain';
import { PROFILING_CONDITIONS } from '@geria/domain/rules/profiling-conditions.ts';
import { useTranslation } from 'react-i18next';
import type { Comorbidity, TabProps } from '../api/home.ts';
import { CountsCard } from './CountsCard.tsx';
import { MeansCard } from './MeansCard.tsx';
import { SeriesCard } from './SeriesCard.tsx';
import { TabGrid } from './TabGrid.tsx';
import { useValueLabels } from './value-labels.ts';

/** Demographics: gender, age bands, smoking by gender, comorbidities (alone and in pairs) with MoCA and EQ-5D-5L. */
export function DemographicsTab({ data, isPending }: TabProps<'demographics'>) {
  const { t } = useTranslation(['home', 'assessments', 'messages']);
  const labels = useValueLabels();
  const gender = (key: string) => t(`genders.${key}`, { defaultValue: t('genders.unknown') });
  // Keys of the profiling are named as its form names them; the others are Conditions of the study's list.
  const name = (key: string) => ((PROFILING_CONDITIONS as readonly string[]).includes(key) ? t(`assessments:profiling.conditions.${key}`) : t(`messages:assessments.conditions.${key}`));
  const condition = (c: Comorbidity) => [c.a, c.b].filter((k): k is string => !!k).map(name).join(' + ');
  const genders = data && [...new Set(data.smokingByGender.map((r) => r.gender))];
  const means = (list: Comorbidity[] | undefined, value: 'moca' | 'eq') => list?.map((c) => ({
    label: condition(c), participants: c.n, mean: c[value], measured: value === 'moca' ? c.mocaN : c.eqN,
  }));
  return (
    <TabGrid>
      <CountsCard title={t('byGender')} rows={data?.gender.map((c) => ({ label: gender(c.key), value: c.n }))} loading={isPending} />
      <CountsCard title={t('byAge')} rows={data?.ageBands.map((c) => ({ label: c.key, value: c.n }))} loading={isPending} />
      <SeriesCard
        title={t('smokingByGender')}
        categoryLabel={t('gender')}
        categories={genders?.map(gender)}
        series={data && VALUE_SETS.smokerStatus.map((o) => ({
          name: t(`messages:${o.labelKey}`),
          values: genders!.map((g) => data.smokingByGender.find((r) => r.gender === g && r.smoking === o.key)?.n ?? 0),
        }))}
        loading={isPending}
      />
      <MeansCard title={t('comorbiditiesWith', { value: labels.value('moca') })} valueLabel={labels.value('moca')} rows={means(data?.comorbidities, 'moca')} loading={isPending} />
      <MeansCard title={t('comorbidityPairsWith', { value: labels.value('moca') })} valueLabel={labels.value('moca')} rows={means(data?.comorbidityPairs, 'moca')} loading={isPending} />
      <MeansCard title={t('comorbiditiesWith', { value: labels.value('eqVas') })} valueLabel={labels.value('eqVas')} rows={means(data?.comorbidities, 'eq')} loading={isPending} />
      <MeansCard title={t('comorbidityPairsWith', { value: labels.value('eqVas') })} valueLabel={labels.value('eqVas')} rows={means(data?.comorbidityPairs, 'eq')} loading={isPending} />
    </TabGrid>
  );
}
