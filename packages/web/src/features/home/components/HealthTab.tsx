import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.ts';
import type { TabProps } from '../api/home.ts';
import { BoxPlotCard } from './BoxPlotCard.tsx';
import { CountsCard } from './CountsCard.tsx';
import { SeriesCard } from './SeriesCard.tsx';
import { TabGrid } from './TabGrid.tsx';
import { useValueLabels } from './value-labels.ts';

/** Health: scores per assessment as box plots, the latest score distributions by band, MoCA analytics bands. */
export function HealthTab({ data, isPending }: TabProps<'health'>) {
  const { t } = useTranslation('home');
  const format = useFormat();
  const labels = useValueLabels({ bands: true });
  return (
    <TabGrid>
      {(data?.boxPlots ?? [{ name: 'phq9' }, { name: 'eqIndex' }, { name: 'eqVas' }, { name: 'moca' }]).map((box) => (
        <BoxPlotCard key={box.name} title={t('boxPlotTitle', { value: labels.value(box.name) })} boxes={'byAssessment' in box ? box.byAssessment : undefined} loading={isPending} />
      ))}
      {(data?.distributions ?? [{ name: 'phq9' }, { name: 'eqVas' }, { name: 'moca' }, { name: 'fesi' }, { name: 'abc' }, { name: 'minibest' }]).map((d) => {
        const values = 'values' in d ? d.values : undefined;
        const scores = values && [...new Set(values.map((v) => v.value))];
        const bands = values && [...new Set(values.map((v) => v.band))];
        return (
          <SeriesCard
            key={d.name}
            title={t('distributionTitle', { value: labels.value(d.name) })}
            categoryLabel={t('score')}
            categories={scores?.map((s) => format.number(s))}
            // The series are named by the bands' labels: they wait for them (loaded with the tab).
            series={labels.bandsReady ? bands?.map((band) => ({ name: labels.band(d.name, band), values: scores!.map((s) => values!.find((v) => v.value === s && v.band === band)?.n ?? 0) })) : undefined}
            stack
            loading={isPending || !labels.bandsReady}
          />
        );
      })}
      <CountsCard title={t('mocaBands')} rows={data?.mocaBands.map((b) => ({ label: t(`mocaBand.${b.key}`), value: b.n }))} loading={isPending} />
    </TabGrid>
  );
}
