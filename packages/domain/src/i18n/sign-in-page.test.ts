import { describe, expect, it } from 'vitest';
import { FLASH_KEYS, loginPageLanguage } from './sign-in-page.ts';
import { LANGUAGES } from './languages.ts';
import { hasMessage, translate } from './index.ts';

describe('sign-in page language', () => {
  it('takes the page link first, then ui_locales, then Accept-Language, then the configured default', () => {
    expect(loginPageLanguage({ lang: 'el', uiLocales: 'it', acceptLanguage: 'fr' })).toBe('el');
    expect(loginPageLanguage({ lang: 'xx', uiLocales: 'de pt-BR', acceptLanguage: 'fr' })).toBe('pt');
    expect(loginPageLanguage({ uiLocales: 'de', acceptLanguage: 'de, ro;q=0.5' })).toBe('ro');
    expect(loginPageLanguage({ acceptLanguage: 'de', defaultLanguage: 'es' })).toBe('es');
    expect(loginPageLanguage({})).toBe('en');
  });
});

describe('sign-in page texts', () => {
  it('has every flash message and every text of the page in the catalogue', () => {
    for (const key of FLASH_KEYS) expect(hasMessage(key), key).toBe(true);
    for (const key of ['title', 'intro', 'username', 'password', 'submit', 'forgot', 'register', 'funding']) expect(hasMessage(`auth.page.${key}`), key).toBe(true);
  });

  it('is translated, not copied from English, in every language', () => {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      for (const key of ['auth.page.intro', 'auth.page.username', 'auth.page.forgot']) expect(translate(lang, key), `${lang} ${key}`).not.toBe(translate('en', key));
    }
  });
});
