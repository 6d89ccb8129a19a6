import { LANGUAGES, LANGUAGE_STORAGE_KEY, MESSAGE_FORMATS, isLanguage, type Language } from '@geria/domain';
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { localesBackend, MESSAGES_NS } from './backend.ts';

/** Where the user's explicit language choice is kept (shared with the server-rendered sign-in page's script). */
export { LANGUAGE_STORAGE_KEY };

const CONFIGURED_DEFAULT = 'configuredDefault';

export interface I18nOptions {
  /** `defaultLanguage` of `/api/v1/config`, used when neither a saved choice nor the browser gives a supported language. */
  defaultLanguage?: Language;
}

/**
 * The start language is, in order: the user's saved choice, the browser languages, the configured
 * default, then English. Detected tags are reduced to their language (pt-BR → pt) so a regional
 * browser tag wins over the configured default. Nothing is cached on detection: only an explicit
 * choice (`chooseLanguage`) is saved.
 */
export async function createI18n({ defaultLanguage }: I18nOptions = {}): Promise<I18n> {
  const detector = new LanguageDetector();
  detector.addDetector({ name: CONFIGURED_DEFAULT, lookup: () => defaultLanguage });
  const instance = i18next.createInstance();
  instance.on('languageChanged', (language) => {
    if (typeof document !== 'undefined') document.documentElement.lang = language;
  });
  await instance
    .use(detector)
    .use(localesBackend)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: 'en',
      load: 'languageOnly',
      ns: [MESSAGES_NS, 'shell'],
      defaultNS: 'shell',
      interpolation: { escapeValue: false },
      detection: {
        order: ['localStorage', 'navigator', CONFIGURED_DEFAULT],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: [],
        convertDetectedLanguage: (tag: string) => tag.toLowerCase().split('-')[0],
      },
    });
  // The domain's message formats (`{{reading, reading}}`, `{{measuredAt, day}}`), as the server's e-mails apply them.
  for (const [name, format] of Object.entries(MESSAGE_FORMATS)) instance.services.formatter?.add(name, (value, lng) => format(value, lng ?? 'en'));
  return instance;
}

/** Switches the interface language and remembers the choice for the next visits. */
export async function chooseLanguage(instance: I18n, language: Language): Promise<void> {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await instance.changeLanguage(language);
}

/** The current interface language as one of the seven. */
export const currentLanguage = (instance: I18n): Language =>
  isLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : 'en';
