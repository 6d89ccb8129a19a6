import { isLanguage, pickLanguage, type Language } from './languages.ts';

/**
 * The sign-in page of the embedded identity provider is rendered by the server (first paint with
 * the form, no interface to download) and enhanced by a small script of the web app. What both
 * sides must agree on lives here.
 */

/** Where the web app keeps the user's explicit language choice (localStorage). */
export const LANGUAGE_STORAGE_KEY = 'geria.language';

/** Where a message that must survive a full-page redirect waits for the sign-in page (sessionStorage). */
export const FLASH_STORAGE_KEY = 'geria.flash';

/**
 * The messages a page may leave for the sign-in page before a full-page redirect (logout, session
 * expiry, password reset, e-mail verification). The server writes their texts into the page, so
 * only these keys can be flashed.
 */
export const FLASH_KEYS = [
  'auth.loggedOut',
  'auth.sessionExpired',
  'UPDATE.Message_110',
  'accounts.reset.done',
  'accounts.verify.done',
  'accounts.verify.invalidLink',
] as const;
export type FlashKey = (typeof FLASH_KEYS)[number];

/** The query parameter of the sign-in page that picks its language (the page's language links). */
export const LOGIN_LANGUAGE_PARAM = 'lang';

/**
 * The sign-in page's language: the page's own language link, else the first supported language the
 * client asked for (`ui_locales`, the web app sends the user's saved choice), else the browser's
 * (Accept-Language, as the web app detects it), else the configured default.
 */
export function loginPageLanguage(input: { lang?: unknown; uiLocales?: unknown; acceptLanguage?: string; defaultLanguage?: Language }): Language {
  if (isLanguage(input.lang)) return input.lang;
  if (typeof input.uiLocales === 'string') {
    const asked = input.uiLocales.split(/\s+/).map((tag) => tag.toLowerCase().split('-')[0]).find(isLanguage);
    if (asked) return asked;
  }
  return pickLanguage(input.acceptLanguage, input.defaultLanguage ?? 'en');
}
