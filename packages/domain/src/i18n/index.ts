import type { Language } from './languages.ts';
import { buildCatalogue, interpolate, lookup, type MessageTree } from './catalogue.ts';
import { areas } from './areas.ts';
import { MESSAGE_FORMATS } from '../interventions/message-format.ts';

export * from './languages.ts';
export type { MessageTree } from './catalogue.ts';

/** Every message of the domain, by language. */
export const messages: Record<Language, MessageTree> = buildCatalogue(areas);

/** The text of a message key in a language, falling back to English, then to the key itself. */
export function translate(lang: Language, key: string, params?: Record<string, unknown>): string {
  const text = lookup(messages[lang], key) ?? lookup(messages.en, key) ?? key;
  return interpolate(text, params, lang, MESSAGE_FORMATS);
}

export function hasMessage(key: string): boolean {
  return lookup(messages.en, key) !== undefined;
}
export * from './sign-in-page.ts';
