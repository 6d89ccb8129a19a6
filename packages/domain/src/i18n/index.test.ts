import { describe, expect, it } from 'vitest';
import { LANGUAGES, pickLanguage } from './languages.ts';
import { messages, translate } from './index.ts';
import type { MessageTree } from './catalogue.ts';

const keys = (tree: MessageTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));

describe('message catalogue', () => {
  it('has every key in every language', () => {
    const english = keys(messages.en).sort();
    for (const lang of LANGUAGES) expect(keys(messages[lang]).sort(), lang).toEqual(english);
  });

  it('keeps the placeholders of the English text in every translation', () => {
    const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
    for (const key of keys(messages.en)) {
      for (const lang of LANGUAGES) expect(placeholders(translate(lang, key)), `${lang} ${key}`).toEqual(placeholders(translate('en', key)));
    }
  });

  it('interpolates parameters and falls back to the key', () => {
    expect(translate('en', 'auth.welcomeBack', { name: 'Ada' })).toBe('Welcome back Ada');
    expect(translate('fr', 'no.such.key')).toBe('no.such.key');
  });

  it('uses the spec key for the logout failure', () => {
    expect(translate('en', 'UPDATE.Message_110')).toBe("Logout wasn't successful");
  });
});

describe('language from Accept-Language', () => {
  it('picks the best supported language by quality', () => {
    expect(pickLanguage('de-DE,de;q=0.9,el;q=0.8,en;q=0.5')).toBe('el');
    expect(pickLanguage('pt-BR')).toBe('pt');
  });

  it('falls back when nothing is supported', () => {
    expect(pickLanguage('de,ja', 'ro')).toBe('ro');
    expect(pickLanguage(undefined)).toBe('en');
  });
});
