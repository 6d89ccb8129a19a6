import type { Language } from '../i18n/languages.ts';
import type { Localized } from './types.ts';

/**
 * Short names of the instruments, without the registry: a screen that only names instruments (Home's
 * questionnaire results) does not load and evaluate every questionnaire definition (~80 kB gzip).
 * So this module imports no instrument; short-names.test.ts checks it against the registry.
 */

/**
 * The acronyms instruments are known by in every language (charts and tables have no room for full
 * titles). An instrument without a recognised acronym is named by its translated title.
 */
export const INSTRUMENT_ACRONYMS: Readonly<Record<string, string>> = {
  dexterity: 'HUI3', efs: 'EFS', ess: 'ESS', fesi: 'FES-I', sfesi: 'Short FES-I', iadl: 'IADL', godin: 'GLTEQ', moca: 'MoCA',
  gds15: 'GDS-15', mnasf: 'MNA-SF', eq5d5l: 'EQ-5D-5L', fga: 'FGA', minibest: 'Mini-BESTest', abc: 'ABC', hama: 'HAM-A',
  mdpq: 'MDPQ', rapa: 'RAPA', rga: 'RGA', nprs: 'NPRS', ghabp: 'GHABP', phq9: 'PHQ-9', gpe: 'GPE', psfs: 'PSFS', nps: 'NPS', umux: 'UMUX',
};

/** The titles of the catalogue's instruments that have no acronym, as their definitions give them. */
export const INSTRUMENT_TITLES_WITHOUT_ACRONYM: Readonly<Record<string, Localized>> = {
  sleep: {
    en: 'Sleep quality (last 7 days)', it: 'Qualità del sonno (ultimi 7 giorni)', pt: 'Qualidade do sono (últimos 7 dias)',
    fr: 'Qualité du sommeil (7 derniers jours)', es: 'Calidad del sueño (últimos 7 días)', el: 'Ποιότητα ύπνου (τελευταίες 7 ημέρες)',
    ro: 'Calitatea somnului (ultimele 7 zile)',
  },
};

/** An instrument's short name in `language`, or undefined when `id` is not an instrument of the catalogue. */
export function instrumentShortName(id: string, language: Language): string | undefined {
  if (Object.hasOwn(INSTRUMENT_ACRONYMS, id)) return INSTRUMENT_ACRONYMS[id];
  return Object.hasOwn(INSTRUMENT_TITLES_WITHOUT_ACRONYM, id) ? INSTRUMENT_TITLES_WITHOUT_ACRONYM[id]![language] : undefined;
}
