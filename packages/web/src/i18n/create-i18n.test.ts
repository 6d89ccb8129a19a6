import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, createI18n, LANGUAGE_STORAGE_KEY } from './create-i18n.ts';

function browserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('start language', () => {
  it("prefers the user's saved choice over the browser and the configured default", async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'it');
    browserLanguages(['fr-FR']);
    expect((await createI18n({ defaultLanguage: 'es' })).language).toBe('it');
  });

  it('takes the browser language next, reduced to its language (pt-BR → pt)', async () => {
    browserLanguages(['pt-BR', 'en-US']);
    expect((await createI18n({ defaultLanguage: 'es' })).language).toBe('pt');
  });

  it('takes the configured default when no browser language is supported', async () => {
    browserLanguages(['de-DE', 'nl']);
    expect((await createI18n({ defaultLanguage: 'el' })).language).toBe('el');
  });

  it('falls back to English without a configured default', async () => {
    browserLanguages(['de-DE']);
    expect((await createI18n()).language).toBe('en');
  });

  it('ignores a saved value that is not one of the seven languages', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    browserLanguages(['ro-RO']);
    expect((await createI18n()).language).toBe('ro');
  });

  it('does not save a detected language: only an explicit choice persists', async () => {
    browserLanguages(['fr-FR']);
    const i18n = await createI18n();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    await chooseLanguage(i18n, 'es');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
  });

  it('sets <html lang> and translates both the UI and the domain catalogue', async () => {
    browserLanguages(['fr-FR']);
    const i18n = await createI18n();
    expect(document.documentElement.lang).toBe('fr');
    expect(i18n.t('shell:routes.Home')).toBe('Tableau de bord');
    expect(i18n.t('messages:auth.welcomeBack', { name: 'Ada' })).toBe('Bon retour, Ada');
    await chooseLanguage(i18n, 'el');
    expect(document.documentElement.lang).toBe('el');
  });
});
