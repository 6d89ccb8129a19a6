import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import type { Series } from '../api/devicedata.ts';
import { useUnitLabel } from './units.ts';

export type Statistic = 'avg' | 'min' | 'max';

interface Props {
  series: Series | undefined;
  loading: boolean;
  /** Which per-day statistics to draw (the Homehub filter); all three by default. */
  statistics?: readonly Statistic[];
  /** Zoom on the dates (slider and wheel), for long ranges. */
  zoom?: boolean;
  /** A click on a day, to open its intraday series. */
  onDay?: (day: string) => void;
}

/** One measurement per day (average, minimum, maximum) as lines, with its table, PNG and CSV. */
export function MeasurementChart({ series, loading, statistics = ['avg', 'min', 'max'], zoom = false, onDay }: Props) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const unitLabel = useUnitLabel();
  const key = series?.key ?? '';
  const unit = series ? unitLabel(series) : '';
  const option = useMemo(() => series && ({
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${format.number(v, { maximumFractionDigits: 2 })} ${unit}` },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 56, bottom: zoom ? 64 : 8, containLabel: true },
    xAxis: { type: 'category', data: series.points.map((p) => p.day), axisLabel: { formatter: (day: string) => format.date(`${day}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' }) } },
    yAxis: { type: 'value', scale: true, name: unit },
    ...(zoom && { dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 8 }] }),
    series: statistics.map((s) => ({
      name: t(`statistics.${s}`), type: 'line', showSymbol: series.points.length < 60, connectNulls: false,
      lineStyle: s === 'avg' ? { width: 2 } : { width: 1, type: s === 'min' ? 'dashed' : 'dotted' },
      data: series.points.map((p) => p[s]),
    })),
  }), [series, statistics, zoom, unit, format, t]);
  return (
    <ChartCard
      title={t(`measurements.${key}`)}
      subheader={unit}
      loading={loading && !series}
      empty={!!series && series.points.length === 0}
      compactWhenEmpty
      chart={option ? { option, height: 320, onItemClick: onDay && ((item) => onDay(item.name)) } : undefined}
      table={series && {
        columns: [{ label: t('day') }, ...statistics.map((s) => ({ label: `${t(`statistics.${s}`)} (${unit})`, numeric: true })), { label: t('readings'), numeric: true }],
        rows: series.points.map((p) => [p.day, ...statistics.map((s) => p[s]), p.n]),
      }}
    />
  );
}
