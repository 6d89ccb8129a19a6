import { IC_CODES, INSTRUMENT_ACRONYMS } from '@geria/domain';

/** Scores the catalogue offers as features (instrument-score codes); acronyms are the same in every language. */
export const SCORE_CODES = [...IC_CODES, 'efs', 'iadl', 'fesi', 'abc'] as const;
/** A score's name: its acronym, or a translated name for the sub-scales (GHABP). */
export const scoreLabel = (code: string, t: (key: string) => string) => INSTRUMENT_ACRONYMS[code] ?? t(`scoreNames.${code.replace('.', '_')}`);
