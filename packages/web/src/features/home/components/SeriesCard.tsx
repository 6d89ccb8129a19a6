import { useMemo } from 'react';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { reservedActions } from './ReservedActions.tsx';

export interface Series { name: string; values: number[] }

/**
 * Several series over the same categories (smoking by gender, resources per day, a score's values
 * by band): grouped or stacked bars, or lines, told apart by colour and pattern.
 */
export function SeriesCard({ title, categories, series, loading, kind = 'bar', stack = false, categoryLabel, subheader }: {
  title: string; categories: string[] | undefined; series: Series[] | undefined; loading: boolean;
  kind?: 'bar' | 'line'; stack?: boolean; categoryLabel: string; subheader?: string;
}) {
  const option = useMemo(() => categories && series && ({
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({ type: kind, name: s.name, data: s.values, ...(stack && { stack: 'total' }), ...(kind === 'line' && { symbolSize: 8 }) })),
  }), [categories, series, kind, stack]);
  return (
    <ChartCard
      title={title}
      subheader={subheader}
      loading={loading && !series}
      action={reservedActions(loading && !series)}
      empty={!!series && series.every((s) => s.values.every((v) => v === 0))}
      chart={option ? { option, decal: kind === 'bar' } : undefined}
      table={categories && series && {
        columns: [{ label: categoryLabel }, ...series.map((s) => ({ label: s.name, numeric: true }))],
        rows: categories.map((c, i) => [c, ...series.map((s) => s.values[i] ?? 0)]),
      }}
    />
  );
}
