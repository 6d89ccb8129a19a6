import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import type { ScreenProps } from '../../lib/screen.ts';

/** The page of a route whose screen is not built yet: its title and breadcrumb, nothing invented. */
export function PlaceholderPage({ route }: ScreenProps) {
  const { t } = useTranslation('shell');
  return <PageHeader title={t(route.title ?? `routes.${route.name}`)} />;
}
