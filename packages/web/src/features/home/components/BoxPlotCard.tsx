import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import type { Box } from '../api/home.ts';
import { reservedActions } from './ReservedActions.tsx';

/** Five-number summaries of a score per assessment number (1st, 2nd ... visit). */
export function BoxPlotCard({ title, boxes, loading }: { title: string; boxes: Box[] | undefined; loading: boolean }) {
  const { t } = useTranslation('home');
  const option = useMemo(() => boxes && ({
    tooltip: { trigger: 'item' },
    grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: boxes.map((b) => t('assessmentN', { n: b.number })) },
    yAxis: { type: 'value', scale: true },
    series: [{ type: 'boxplot', data: boxes.map((b) => [b.min, b.q1, b.median, b.q3, b.max]) }],
  }), [boxes, t]);
  return (
    <ChartCard
      title={title}
      loading={loading && !boxes}
      action={reservedActions(loading && !boxes)}
      empty={!!boxes && boxes.length === 0}
      chart={option ? { option } : undefined}
      table={boxes && {
        columns: [{ label: t('assessmentNumber') }, { label: t('n'), numeric: true }, { label: t('min'), numeric: true }, { label: t('q1'), numeric: true },
          { label: t('median'), numeric: true }, { label: t('q3'), numeric: true }, { label: t('max'), numeric: true }],
        rows: boxes.map((b) => [b.number, b.n, b.min, b.q1, b.median, b.q3, b.max]),
      }}
    />
  );
}
