import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useTransmissions, type DeviceTransmissions } from '../api/techsupport.ts';

/** Observations each device sent per day over the last 30 days, one bar series per device. */
export function TransmissionsCard({ participantId }: { participantId: string }) {
  const { t } = useTranslation(['techsupport', 'participants']);
  const format = useFormat();
  const data = useTransmissions(participantId);
  const devices = useMemo(() => data.data?.devices ?? [], [data.data]);
  const days = devices[0]?.days.map((d) => d.day) ?? [];
  const name = (d: DeviceTransmissions['devices'][number]) => `${t(`participants:devices.types.${d.type}`)} ${d.serial}`;
  const option = useMemo(() => data.data && ({
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: devices[0]?.days.map((d) => d.day) ?? [], axisLabel: { formatter: (day: string) => format.date(`${day}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' }) } },
    yAxis: { type: 'value', minInterval: 1 },
    series: devices.map((d) => ({ name: `${t(`participants:devices.types.${d.type}`)} ${d.serial}`, type: 'bar', stack: 'all', data: d.days.map((x) => x.observations) })),
  }), [data.data, devices, format, t]);
  return (
    <ChartCard
      title={t('transmissions.title')}
      subheader={t('transmissions.subheader')}
      loading={data.isPending}
      empty={!!data.data && devices.every((d) => d.days.every((x) => x.observations === 0))}
      chart={option ? { option, height: 300, decal: true } : undefined}
      table={data.data && {
        columns: [{ label: t('transmissions.day') }, ...devices.map((d) => ({ label: name(d), numeric: true }))],
        rows: days.map((day, i) => [day, ...devices.map((d) => d.days[i].observations)]),
      }}
    />
  );
}
