import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import type { ScreenProps } from '../../../lib/screen.ts';
import { FiringsTable } from '../components/FiringsTable.tsx';

/** `/interventions/logs`: every firing of the organisation's rules with its deliveries. */
export function LogsPage(_props: ScreenProps) {
  const { t } = useTranslation('interventions');
  return (
    <>
      <PageHeader title={t('logs.title')} trail={[{ label: t('rules.title'), to: '/interventions/medical' }]} />
      <FiringsTable />
    </>
  );
}
