import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@geria/domain';

/** The instrument behind each value name of the statistics (EQ-5D-5L index and VAS both come from eq5d5l). */
const INSTRUMENT_OF: Record<string, string> = { phq9: 'phq9', eqVas: 'eq5d5l', eqIndex: 'eq5d5l', moca: 'moca', fesi: 'fesi', abc: 'abc', fga: 'fga', minibest: 'minibest' };

type Registry = typeof import('@geria/domain/instruments/registry.ts');
/**
 * The bands' labels are in the instruments' definitions, the whole registry (~80 kB gzip, a long
 * evaluation on a phone): it is loaded when a tab needs band labels, not with Home's first paint.
 * `null` once loading failed (the bands are then named by their keys).
 */
let registry: Registry | null | undefined;
let loadingRegistry: Promise<Registry | null> | undefined;
const loadRegistry = () => (loadingRegistry ??= import('@geria/domain/instruments/registry.ts').then((m) => m, () => null).then((m) => (registry = m)));

/**
 * Short names of the charted values and their bands, in the interface language. With `bands`, the
 * band labels are loaded; `bandsReady` says when `band()` names bands by their labels.
 */
export function useValueLabels({ bands = false }: { bands?: boolean } = {}) {
  const { t, i18n } = useTranslation('home');
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const [loaded, setLoaded] = useState(registry);
  useEffect(() => {
    if (!bands || loaded !== undefined) return;
    let live = true;
    void loadRegistry().then((m) => { if (live) setLoaded(m); });
    return () => { live = false; };
  }, [bands, loaded]);
  return {
    value: (name: string) => t(`values.${name}`),
    bandsReady: loaded !== undefined,
    band: (name: string, band: string | null) => {
      if (band === null) return t('participantsCount');
      const def = INSTRUMENT_OF[name] ? loaded?.getInstrument(INSTRUMENT_OF[name]) : undefined;
      return def?.bands.find((b) => b.key === band)?.label[language] ?? band;
    },
  };
}
