import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import type { DevicesStats } from '../api/home.ts';
import { reservedActions } from './ReservedActions.tsx';

const KINDS = ['good', 'poor'] as const;
/** Hours per participant who sent posture that day: a sum would grow with the study, not with the posture. */
const mean = (hours: number, participants: number) => (participants ? Math.round((hours / participants) * 10) / 10 : 0);

/**
 * The Citizen Hub's posture over Home's last 7 days: per day the mean hours of good and poor
 * posture of the participants who sent posture data, stacked, with the participants in the table.
 */
export function PostureCard({ posture, loading }: { posture: DevicesStats['posture'] | undefined; loading: boolean }) {
  const { t } = useTranslation('home');
  const format = useFormat();
  const days = posture?.days;
  const label = (day: string) => format.date(`${day}T12:00:00Z`, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const hoursOf = (d: NonNullable<typeof days>[number], kind: (typeof KINDS)[number]) => mean(kind === 'good' ? d.goodHours : d.poorHours, d.participants);
  const option = useMemo(() => days && ({
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${format.number(v, { maximumFractionDigits: 1 })} ${t('posture.hoursUnit')}` },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => label(d.day)) },
    yAxis: { type: 'value', name: t('posture.hoursUnit'), min: 0 },
    series: KINDS.map((kind) => ({ type: 'bar', stack: 'posture', name: t(`posture.${kind}`), data: days.map((d) => hoursOf(d, kind)) })),
  }), [days, format, t]);
  return (
    <ChartCard
      title={t('posture.title')}
      subheader={posture ? t('posture.participants', { count: posture.participants, n: format.number(posture.participants) }) : undefined}
      loading={loading && !posture}
      action={reservedActions(loading && !posture)}
      empty={!!posture && posture.participants === 0}
      chart={option ? { option, decal: true } : undefined}
      table={days && {
        columns: [{ label: t('day') }, { label: t('posture.participantsColumn'), numeric: true }, ...KINDS.map((kind) => ({ label: t(`posture.${kind}Mean`), numeric: true }))],
        rows: days.map((d) => [label(d.day), d.participants, ...KINDS.map((kind) => hoursOf(d, kind))]),
      }}
    />
  );
}
