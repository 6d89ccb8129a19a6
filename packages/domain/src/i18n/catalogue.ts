import type { Language } from './languages.ts';
import { LANGUAGES } from './languages.ts';

/**
 * The messages of the spec (error catalogue, validation rules, confirmations) in the seven
 * languages, one JSON file per area and language under ./locales. Server and web both read this
 * catalogue, so an error `code` sent by the API is shown in the user's language by the web and the
 * same text is in the API's `message`.
 */
export type MessageTree = { [key: string]: string | MessageTree };

function deepMerge(target: MessageTree, source: MessageTree): MessageTree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      typeof value === 'object' && typeof existing === 'object' ? deepMerge({ ...existing }, value) : value;
  }
  return target;
}

/** `files` maps `<lang>/<area>` to that area's messages. */
export function buildCatalogue(files: Record<string, MessageTree>): Record<Language, MessageTree> {
  const catalogue = Object.fromEntries(LANGUAGES.map((lang) => [lang, {} as MessageTree])) as Record<Language, MessageTree>;
  for (const [path, tree] of Object.entries(files)) {
    const lang = path.split('/').at(-2) as Language;
    if (catalogue[lang]) catalogue[lang] = deepMerge(catalogue[lang], tree);
  }
  return catalogue;
}

export function lookup(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Replaces `{{name}}` and `{{name, format}}` placeholders (i18next's syntax, so the web uses the
 * same strings); `formats` are applied in `lang`.
 */
export function interpolate(
  text: string, params: Record<string, unknown> = {}, lang: Language = 'en',
  formats: Record<string, (value: unknown, lang: string) => string> = {},
): string {
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (match, name: string, format?: string) => {
    if (!(name in params)) return match;
    const apply = format ? formats[format] : undefined;
    return apply ? apply(params[name], lang) : String(params[name]);
  });
}
