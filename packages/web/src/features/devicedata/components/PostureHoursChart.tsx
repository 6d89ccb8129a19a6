import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { usePosture, usePostureHours } from '../api/devicedata.ts';

const KINDS = ['good', 'poor'] as const;
/** An hour's seconds as minutes to one decimal: 0–60 reads at a glance, 0–3600 does not. */
const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

interface Props {
  participantId: string;
  from: string;
  to: string;
  /** The day shown; the latest day with posture data when null. */
  day: string | null;
  onDay: (day: string) => void;
}

/**
 * The hourly profile of one day of the Citizen Hub's posture: minutes of good and poor posture in
 * each of its 24 clock hours, stacked bars with their table. The day is chosen from the days with
 * posture data in the range (or by a click on the daily chart's bar).
 */
export function PostureHoursChart({ participantId, from, to, day, onDay }: Props) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const days = usePosture(participantId, from, to).data?.days;
  const shown = day ?? days?.at(-1)?.day ?? null;
  const profile = usePostureHours(participantId, shown);
  const hours = profile.data?.hours;
  const unit = t('posture.minutesUnit');
  const option = useMemo(() => hours && ({
    tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => (v === null ? '–' : `${format.number(v, { maximumFractionDigits: 1 })} ${unit}`) },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 56, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: hours.map((h) => clock(h.hour)), axisLabel: { interval: 2 } },
    yAxis: { type: 'value', name: unit, min: 0, max: 60, interval: 15 },
    series: KINDS.map((kind) => ({ name: t(`posture.${kind}`), type: 'bar', stack: 'posture', data: hours.map((h) => minutes(h[kind])) })),
  }), [hours, unit, format, t]);
  if (profile.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  const dayLabel = (d: string) => format.date(`${d}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
  const picker = days && days.length > 0 && shown && (
    <TextField select size="small" label={t('posture.chooseDay')} value={shown} onChange={(e) => onDay(e.target.value)} sx={{ maxWidth: 280 }}>
      {[...days].reverse().map((d) => <MenuItem key={d.day} value={d.day}>{dayLabel(d.day)}</MenuItem>)}
    </TextField>
  );
  return (
    <ChartCard
      title={t('posture.hourly')}
      subheader={shown ? t('posture.minutesOf', { day: dayLabel(shown) }) : undefined}
      loading={!days || (!!shown && profile.isPending)}
      empty={!shown}
      compactWhenEmpty
      chart={option ? { option, height: 320, decal: true } : undefined}
      table={hours && {
        columns: [{ label: t('posture.hour') }, ...KINDS.map((kind) => ({ label: `${t(`posture.${kind}`)} (${unit})`, numeric: true }))],
        rows: hours.map((h) => [`${clock(h.hour)}–${clock((h.hour + 1) % 24)}`, ...KINDS.map((kind) => minutes(h[kind]))]),
      }}
    >
      {/* Below the chart, not beside the title: in a half-width card the title would wrap to three lines. */}
      {picker}
    </ChartCard>
  );
}
