import { translate } from '../i18n/index.ts';
import type { Language } from '../i18n/languages.ts';
import type { InstrumentDef } from './types.ts';

/** The message of a subscale without a group of its key (web: the `messages` namespace). */
export const subscaleMessageKey = (key: string): string => `instrumentScores.subscales.${key}`;
export const INDEX_MESSAGE_KEY = 'instrumentScores.index';

/**
 * A subscale's name: the title of the instrument's group of the same key, else its message, read
 * by `message` (the web passes its i18next `t` of the domain's messages).
 */
export function subscaleLabel(def: InstrumentDef, key: string, lang: Language, message = (messageKey: string) => translate(lang, messageKey)): string {
  return def.groups?.find((g) => g.key === key)?.title[lang] ?? message(subscaleMessageKey(key));
}

/** The name of an EQ-5D-5L index value: "Index, <value set> value set". */
export const indexLabel = (valueSet: string, lang: Language): string => translate(lang, INDEX_MESSAGE_KEY, { valueSet });
