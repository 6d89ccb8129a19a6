import { DEVICE_STATUSES, DEVICE_TYPES, type Device } from '@geria/domain/rules/participants-record.ts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.ts';
import { ItemsSection } from './ItemsSection.tsx';

/** The participant's devices; a serial number already used by another patient is refused by the server (409). */
export function DevicesSection({ participantId }: { participantId: string }) {
  const { t } = useTranslation('participants');
  const format = useFormat();
  return (
    <ItemsSection<Device, Device[]>
      participantId={participantId} path="device" kind="device" title={t('devices.title')} addLabel={t('devices.add')} emptyText={t('devices.empty')}
      itemsOf={(list) => list} name={(d) => d.serial}
      fields={[
        { name: 'type', label: t('devices.type'), kind: 'select', required: true, options: DEVICE_TYPES.map((v) => ({ value: v, label: t(`devices.types.${v}`) })) },
        { name: 'serial', label: t('devices.serial'), kind: 'text', required: true },
        { name: 'number', label: t('devices.number'), kind: 'number' },
        { name: 'status', label: t('devices.status'), kind: 'select', required: true, options: DEVICE_STATUSES.map((v) => ({ value: v, label: t(`devices.statuses.${v}`) })) },
        { name: 'LastUsed', label: t('devices.lastUsed'), kind: 'datetime' },
      ]}
      columns={[
        { label: t('devices.type'), value: (d) => t(`devices.types.${d.type}`) },
        { label: t('devices.serial'), value: (d) => d.serial },
        { label: t('devices.number'), value: (d) => d.number ?? '—' },
        { label: t('devices.status'), value: (d) => t(`devices.statuses.${d.status}`) },
        { label: t('devices.lastUsed'), value: (d) => (d.LastUsed ? format.dateTime(d.LastUsed) : '—') },
      ]}
      toValues={(d) => ({ type: d.type, serial: d.serial, number: d.number, status: d.status, LastUsed: d.LastUsed?.slice(0, 16) ?? null })}
      toInput={(v) => ({
        type: v.type, serial: v.serial ?? '', number: v.number, status: v.status ?? 'active',
        LastUsed: typeof v.LastUsed === 'string' ? new Date(v.LastUsed).toISOString() : null,
      })}
    />
  );
}
