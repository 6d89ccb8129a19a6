import { LANGUAGES, MENU, ROUTES, type MessageTree } from '@geria/domain';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<MessageTree>('./locales/*/*.json', { eager: true, import: 'default' });

function flatten(tree: MessageTree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const namespaces = [...new Set(Object.keys(files).map((path) => path.split('/').at(-1)!.replace('.json', '')))];
const load = (language: string, ns: string) => flatten(files[`./locales/${language}/${ns}.json`] ?? {});
const params = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// i18next plural keys (`x_one`, `x_few` …) follow each language's plural rules, so their sets differ by language.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBases = (keys: string[]) => new Set(keys.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
const singular = (keys: string[]) => keys.filter((k) => !PLURAL.test(k)).sort();

describe.each(namespaces)('UI namespace %s', (ns) => {
  const english = load('en', ns);

  it.each(LANGUAGES.filter((l) => l !== 'en'))('has every key in %s, non-empty, with the same placeholders', (language) => {
    const translated = load(language, ns);
    expect(singular(Object.keys(translated))).toEqual(singular(Object.keys(english)));
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const base of pluralBases(Object.keys(english))) {
      for (const category of categories) expect(translated, `${language}/${ns}:${base}_${category}`).toHaveProperty([`${base}_${category}`]);
    }
    for (const [key, text] of Object.entries(translated)) {
      expect(text.trim(), `${language}/${ns}:${key}`).not.toBe('');
      const source = english[key] ?? english[key.replace(PLURAL, '_other')];
      expect(params(text), `${language}/${ns}:${key}`).toEqual(params(source));
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('is really translated into %s', (language) => {
    const translated = load(language, ns);
    const same = Object.keys(english).filter((key) => translated[key] === english[key]);
    // Names, acronyms and international words may coincide; most strings must not.
    expect(same.length / Object.keys(english).length).toBeLessThan(0.2);
  });
});

describe('shell strings for the domain tables', () => {
  const shell = load('en', 'shell');

  // The sign-in flow pages word their own text; every other route shows its title.
  const OWN_TEXT = ['Login', 'Callback', 'Logout'];

  it('has a title for every route the placeholder page or the top bar shows', () => {
    for (const route of ROUTES.filter((r) => !OWN_TEXT.includes(r.name))) {
      expect(shell[route.title ?? `routes.${route.name}`], route.name).toBeTruthy();
    }
  });

  it('has a label for every menu entry', () => {
    for (const entry of MENU.flatMap((e) => [e, ...(e.children ?? [])])) expect(shell[entry.label], entry.key).toBeTruthy();
  });
});
