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

describe.each(namespaces)('UI namespace %s', (ns) => {
  const english = load('en', ns);

  it.each(LANGUAGES.filter((l) => l !== 'en'))('has every key in %s, non-empty, with the same placeholders', (language) => {
    const translated = load(language, ns);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(translated)) {
      expect(text.trim(), `${language}/${ns}:${key}`).not.toBe('');
      expect(params(text), `${language}/${ns}:${key}`).toEqual(params(english[key]));
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
