import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.ts';
import { ItemsSection } from './ItemsSection.tsx';

interface Supplement { id: string; name: string; date: string | null }

/** Diet supplements, by name (each a FHIR Observation). */
export function SupplementsSection({ participantId }: { participantId: string }) {
  const { t } = useTranslation('participants');
  const format = useFormat();
  return (
    <ItemsSection<Supplement, Supplement[]>
      participantId={participantId} path="supplement" kind="supplement" title={t('supplements.title')} addLabel={t('supplements.add')} emptyText={t('supplements.empty')}
      itemsOf={(list) => list} name={(s) => s.name}
      fields={[{ name: 'name', label: t('supplements.name'), kind: 'text', required: true, width: 12 }]}
      columns={[
        { label: t('supplements.name'), value: (s) => s.name },
        { label: t('supplements.recorded'), value: (s) => (s.date ? format.date(s.date) : '—') },
      ]}
      toValues={(s) => ({ name: s.name })}
      toInput={(v) => ({ name: v.name ?? '' })}
    />
  );
}
