import { FHIR_RESOURCE_TYPES } from '@geria/domain';
import { useTranslation } from 'react-i18next';

const isFhirType = (type: string) => (FHIR_RESOURCE_TYPES as readonly string[]).includes(type);

/** The kind of record an audit entry is about, in the user's language (FHIR types as Home names them); an unknown code shows as it is. */
export function useEntityTypeLabel() {
  const { t } = useTranslation(['audit', 'home']);
  return (type: string) => (isFhirType(type) ? t(`home:resourceTypes.${type}`) : t(`audit:entityTypes.${type}`, { defaultValue: type }));
}
