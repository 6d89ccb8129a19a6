import Alert from '@mui/material/Alert';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { usePosture } from '../api/devicedata.ts';

const KINDS = ['good', 'poor'] as const;

/**
 * Hours of good and poor posture per day (the Citizen Hub app's), stacked bars, with its table, PNG
 * and CSV; a click on a day's bar opens its hourly profile.
 */
export function PostureChart({ participantId, from, to, onDay }: { participantId: string; from: string; to: string; onDay?: (day: string) => void }) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const posture = usePosture(participantId, from, to);
  const days = posture.data?.days;
  const hours = t('posture.hours');
  const option = useMemo(() => days && ({
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${format.number(v, { maximumFractionDigits: 1 })} ${hours}` },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 56, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => d.day), axisLabel: { formatter: (day: string) => format.date(`${day}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' }) } },
    yAxis: { type: 'value', name: hours, min: 0 },
    series: KINDS.map((kind) => ({ name: t(`posture.${kind}`), type: 'bar', stack: 'posture', data: days.map((d) => d[kind]) })),
  }), [days, hours, format, t]);
  if (posture.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  return (
    <ChartCard
      title={t('posture.title')}
      subheader={hours}
      loading={posture.isPending}
      empty={!!days && days.length === 0}
      compactWhenEmpty
      chart={option ? { option, height: 320, onItemClick: onDay && ((item) => onDay(item.name)) } : undefined}
      table={days && {
        columns: [{ label: t('day') }, ...KINDS.map((kind) => ({ label: `${t(`posture.${kind}`)} (${hours})`, numeric: true }))],
        rows: days.map((d) => [d.day, ...KINDS.map((kind) => Math.round(d[kind] * 10) / 10)]),
      }}
    />
  );
}
