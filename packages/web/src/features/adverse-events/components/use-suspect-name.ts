import { useTranslation } from 'react-i18next';
import type { Suspect } from '../api/adverse-events.ts';

/** A suspected entity as the user reads it: its kind, then the device's type (in the user's language) and serial, or the substance. */
export function useSuspectName() {
  const { t } = useTranslation(['adverseevents', 'participants']);
  return (s: Suspect) => `${t(`kind.${s.kind}`)}: ${s.kind === 'Device' ? `${t(`participants:devices.types.${s.deviceType}`)} · ${s.label}` : s.label}`;
}
