import { messages, type MessageTree } from '@geria/domain';
import { describe, expect, it } from 'vitest';

/**
 * Every literal key the code passes to `t` exists in the English files (the locale test then holds
 * every language to the same key set), so a key used in code but missing shows here, not on screen
 * as raw text. Keys built at run time (template literals) are checked by the screens' own tests.
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });
const files = import.meta.glob<MessageTree>('./locales/en/*.json', { eager: true, import: 'default' });

/** i18next's look-up: nested objects, or members whose names contain dots ("Patient.Assessments"). */
function has(tree: MessageTree | string | undefined, key: string): boolean {
  if (typeof tree !== 'object') return false;
  const parts = key.split('.');
  for (let i = parts.length; i > 0; i--) {
    const head = parts.slice(0, i).join('.');
    const rest = parts.slice(i).join('.');
    if (!rest) {
      if (typeof tree[head] === 'string') return true;
      // A plural key is written without its suffix in code.
      if (Object.keys(tree).some((k) => k.startsWith(`${head}_`))) return true;
    } else if (has(tree[head], rest)) return true;
  }
  return false;
}

const namespace = (ns: string): MessageTree | undefined => (ns === 'messages' ? messages.en : files[`./locales/en/${ns}.json`]);

describe('keys used in code', () => {
  it('exist in the locale files of their namespace', () => {
    const missing: string[] = [];
    for (const [path, text] of Object.entries(sources)) {
      // useTranslation('ns') or useTranslation(['ns', 'other']): a key may belong to any of them.
      const own = [...text.matchAll(/useTranslation\((\[[^\]]*\]|'[a-z]+')\)/g)].flatMap((m) => [...m[1].matchAll(/'([a-z]+)'/g)].map((n) => n[1]));
      if (!own.length) continue;
      for (const [, key] of text.matchAll(/\bt\('([A-Za-z0-9_.:-]+)'/g)) {
        const [ns, bare] = key.includes(':') ? key.split(':') as [string, string] : [undefined, key];
        const found = ns ? has(namespace(ns), bare) : own.some((n) => has(namespace(n), bare));
        if (!found) missing.push(`${path}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
