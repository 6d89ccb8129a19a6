import { IC_CODES } from '@geria/domain';

/** Scores the catalogue offers as features (instrument-score codes); acronyms are the same in every language. */
export const SCORE_CODES = [...IC_CODES, 'efs', 'iadl', 'fesi', 'abc'] as const;
const ACRONYMS: Record<string, string> = {
  moca: 'MoCA', fga: 'FGA', minibest: 'Mini-BESTest', mnasf: 'MNA-SF', gds15: 'GDS-15', phq9: 'PHQ-9', efs: 'EFS', iadl: 'IADL', fesi: 'FES-I', abc: 'ABC',
};
/** A score's name: its acronym, or a translated name for the sub-scales (GHABP). */
export const scoreLabel = (code: string, t: (key: string) => string) => ACRONYMS[code] ?? t(`scoreNames.${code.replace('.', '_')}`);
