import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { BAR_MAX_WIDTH, barChartHeight } from './chart-height.ts';
import { reservedActions } from './ReservedActions.tsx';

export interface MeanRow { label: string; participants: number; mean: number | null; measured: number }

/** Mean of a score per group (a comorbidity or a pair of them), with how many participants each mean rests on. */
export function MeansCard({ title, valueLabel, rows, loading }: { title: string; valueLabel: string; rows: MeanRow[] | undefined; loading: boolean }) {
  const { t } = useTranslation('home');
  const format = useFormat();
  const charted = rows?.filter((r) => r.mean !== null);
  const option = useMemo(() => charted && ({
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', name: valueLabel },
    yAxis: { type: 'category', inverse: true, data: charted.map((r) => r.label), axisLabel: { width: 200, overflow: 'truncate' } },
    series: [{
      type: 'bar', barMaxWidth: BAR_MAX_WIDTH, name: valueLabel, data: charted.map((r) => r.mean),
      label: { show: true, position: 'right', formatter: ({ dataIndex }: { dataIndex: number }) => `${format.number(charted[dataIndex]!.mean!)} (n=${format.number(charted[dataIndex]!.measured)})` },
    }],
  }), [charted, valueLabel, format]);
  return (
    <ChartCard
      title={title}
      loading={loading && !rows}
      action={reservedActions(loading && !rows)}
      empty={!!charted && charted.length === 0}
      chart={option ? { option, height: barChartHeight(charted!.length) } : undefined}
      table={rows && {
        columns: [{ label: t('group') }, { label: t('participantsCount'), numeric: true }, { label: t('mean', { value: valueLabel }), numeric: true }, { label: t('measured'), numeric: true }],
        rows: rows.map((r) => [r.label, r.participants, r.mean, r.measured]),
      }}
    />
  );
}
