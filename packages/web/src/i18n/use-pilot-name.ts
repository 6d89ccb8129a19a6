import { useTranslation } from 'react-i18next';

/**
 * A study pilot's name in the interface language. The server names pilots in English; a pilot the
 * interface does not know keeps that name.
 */
export function usePilotName(): (pilot: { pilotid: number; name: string }) => string {
  const { t } = useTranslation('shell');
  return (pilot) => t(`pilots.${pilot.pilotid}`, { defaultValue: pilot.name });
}
