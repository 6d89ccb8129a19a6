import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { BAR_MAX_WIDTH, barChartHeight } from './chart-height.ts';
import { reservedActions } from './ReservedActions.tsx';

/** Counts per category as horizontal bars, labelled with their numbers, with the table view and downloads. */
export function CountsCard({ title, subheader, rows, loading }: { title: string; subheader?: string; rows: { label: string; value: number }[] | undefined; loading: boolean }) {
  const { t } = useTranslation('home');
  const format = useFormat();
  const option = useMemo(() => rows && ({
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.label), axisLabel: { width: 160, overflow: 'truncate' } },
    series: [{ type: 'bar', barMaxWidth: BAR_MAX_WIDTH, data: rows.map((r) => r.value), label: { show: true, position: 'right', formatter: ({ value }: { value: number }) => format.number(value) } }],
  }), [rows, format]);
  return (
    <ChartCard
      title={title}
      subheader={subheader}
      loading={loading && !rows}
      action={reservedActions(loading && !rows)}
      empty={!!rows && rows.every((r) => r.value === 0)}
      chart={option ? { option, height: barChartHeight(rows!.length) } : undefined}
      table={rows && { columns: [{ label: t('category') }, { label: t('count'), numeric: true }], rows: rows.map((r) => [r.label, r.value]) }}
    />
  );
}
