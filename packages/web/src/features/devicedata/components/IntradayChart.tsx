import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useIntraday } from '../api/devicedata.ts';

/** The minute heart rate of one day, opened from a day of a daily chart. */
export function IntradayChart({ participantId, day }: { participantId: string; day: string }) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const intraday = useIntraday(participantId, day);
  const unit = t('units.perMinute');
  const option = useMemo(() => intraday.data && ({
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${format.number(v)} ${unit}` },
    grid: { left: 8, right: 16, top: 16, bottom: 64, containLabel: true },
    xAxis: { type: 'time', axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', scale: true, name: unit },
    dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 8 }],
    series: [{ name: t('measurements.heartRateAvg'), type: 'line', showSymbol: false, data: intraday.data.points.map((p) => [p.at, p.value]) }],
  }), [intraday.data, unit, format, t]);
  return (
    <ChartCard
      title={t('intraday.title', { day: format.date(`${day}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }) })}
      subheader={unit}
      loading={intraday.isPending}
      empty={intraday.data?.points.length === 0}
      chart={option ? { option, height: 320 } : undefined}
      table={intraday.data && { columns: [{ label: t('time') }, { label: unit, numeric: true }], rows: intraday.data.points.map((p) => [p.at, p.value]) }}
    />
  );
}
