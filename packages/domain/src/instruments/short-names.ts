import type { Language } from '../i18n/languages.ts';
import { getInstrument } from './registry.ts';

/**
 * The acronyms instruments are known by in every language (charts and tables have no room for full
 * titles). An instrument without a recognised acronym is named by its translated title.
 */
export const INSTRUMENT_ACRONYMS: Readonly<Record<string, string>> = {
  dexterity: 'HUI3', efs: 'EFS', ess: 'ESS', fesi: 'FES-I', sfesi: 'Short FES-I', iadl: 'IADL', godin: 'GLTEQ', moca: 'MoCA',
  gds15: 'GDS-15', mnasf: 'MNA-SF', eq5d5l: 'EQ-5D-5L', fga: 'FGA', minibest: 'Mini-BESTest', abc: 'ABC', hama: 'HAM-A',
  mdpq: 'MDPQ', rapa: 'RAPA', rga: 'RGA', nprs: 'NPRS', ghabp: 'GHABP', phq9: 'PHQ-9', gpe: 'GPE', psfs: 'PSFS', nps: 'NPS', umux: 'UMUX',
};

/** An instrument's short name in `language`, or undefined when `id` is not an instrument of the catalogue. */
export function instrumentShortName(id: string, language: Language): string | undefined {
  const def = getInstrument(id);
  return def && (INSTRUMENT_ACRONYMS[id] ?? def.title[language]);
}
