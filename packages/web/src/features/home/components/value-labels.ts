import { useTranslation } from 'react-i18next';
import { getInstrument, type Language } from '@geria/domain';

/** The instrument behind each value name of the statistics (EQ-5D-5L index and VAS both come from eq5d5l). */
const INSTRUMENT_OF: Record<string, string> = { phq9: 'phq9', eqVas: 'eq5d5l', eqIndex: 'eq5d5l', moca: 'moca', fesi: 'fesi', abc: 'abc', fga: 'fga', minibest: 'minibest' };

/** Short names of the charted values and their bands, in the interface language. */
export function useValueLabels() {
  const { t, i18n } = useTranslation('home');
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  return {
    value: (name: string) => t(`values.${name}`),
    band: (name: string, band: string | null) => {
      if (band === null) return t('participantsCount');
      const def = INSTRUMENT_OF[name] ? getInstrument(INSTRUMENT_OF[name]) : undefined;
      return def?.bands.find((b) => b.key === band)?.label[language] ?? band;
    },
  };
}
