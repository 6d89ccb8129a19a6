import { useTranslation } from 'react-i18next';
import type { TabProps } from '../api/home.ts';
import { CountsCard } from './CountsCard.tsx';
import { PostureCard } from './PostureCard.tsx';
import { TabGrid } from './TabGrid.tsx';

/** Devices: category and status of the pilot's devices; the Citizen Hub's posture for the roles that see clinical aggregates. */
export function DevicesTab({ data, isPending }: TabProps<'devices'>) {
  const { t } = useTranslation(['home', 'participants']);
  return (
    <TabGrid>
      <CountsCard title={t('devicesByType')} rows={data?.devicesByType.map((c) => ({ label: t(`participants:devices.types.${c.key}`), value: c.n }))} loading={isPending} />
      <CountsCard title={t('devicesByStatus')} rows={data?.devicesByStatus.map((c) => ({ label: t(`participants:devices.statuses.${c.key}`), value: c.n }))} loading={isPending} />
      {data?.posture !== null && <PostureCard posture={data?.posture} loading={isPending} />}
    </TabGrid>
  );
}
