import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import type { Pair } from '../api/home.ts';
import { reservedActions } from './ReservedActions.tsx';

/** One pair of values per participant as anonymous points (a point's size is how many share it), with Pearson r and n. */
export function ScatterCard({ title, pair, xLabel, yLabel, loading }: { title: string; pair: Pair | undefined; xLabel: string; yLabel: string; loading: boolean }) {
  const { t } = useTranslation('home');
  const format = useFormat();
  const option = useMemo(() => pair && ({
    tooltip: { trigger: 'item', formatter: ({ value }: { value: number[] }) => `${xLabel}: ${format.number(value[0]!)}<br/>${yLabel}: ${format.number(value[1]!)}<br/>${t('n')}: ${format.number(value[2]!)}` },
    grid: { left: 16, right: 24, top: 32, bottom: 32, containLabel: true },
    xAxis: { type: 'value', scale: true, name: xLabel, nameLocation: 'middle', nameGap: 28 },
    yAxis: { type: 'value', scale: true, name: yLabel, nameTextStyle: { align: 'left' } },
    series: [{ type: 'scatter', data: pair.points.map((p) => [p.x, p.y, p.n]), symbolSize: (value: number[]) => 8 + 4 * Math.sqrt(value[2]! - 1) }],
  }), [pair, xLabel, yLabel, t, format]);
  const subheader = pair && pair.n > 0
    ? t('correlationSummary', { r: pair.r === null ? '–' : format.number(pair.r, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), n: format.number(pair.n) })
    : undefined;
  return (
    <ChartCard
      title={title}
      subheader={subheader}
      loading={loading && !pair}
      action={reservedActions(loading && !pair)}
      empty={!!pair && pair.n === 0}
      chart={option ? { option } : undefined}
      table={pair && { columns: [{ label: xLabel, numeric: true }, { label: yLabel, numeric: true }, { label: t('participantsCount'), numeric: true }], rows: pair.points.map((p) => [p.x, p.y, p.n]) }}
    />
  );
}
