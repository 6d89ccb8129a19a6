import { FLASH_KEYS, LANGUAGES, LOGIN_LANGUAGE_PARAM, translate, type Language } from '@geria/domain';

/**
 * Geria's sign-in page, rendered by the server at the provider's interaction URL
 * (`/auth/interaction/:uid`). It used to be a route of the web app, so a visitor without a session
 * waited for React, MUI, the languages and an interaction look-up before seeing the form (Lighthouse
 * mobile: LCP 4.5 s). Here the first answer is the whole page: texts of the domain catalogue in the
 * page's language, the look of the app's card in inline CSS (the CSP allows inline styles, not
 * inline scripts), and a real form that posts to the interaction's login endpoint, so it works
 * before (or without) any script. The web app's small `login-page` entry then enhances it: the
 * answer in place without a reload, field checks, show/hide password, flash messages left by other
 * pages (Logged Out …) and remembering the language chosen here.
 */

export interface LoginPageInput {
  uid: string;
  lang: Language;
  /** The enhancing script's URL (from the web build's manifest); without it the plain form still works. */
  script?: string;
  /** A refusal to show (after a form post without the script), already in the page's language. */
  error?: string;
  username?: string;
}

/** The texts the enhancing script needs, written into the page as a JSON data block. */
export function loginScriptTexts(lang: Language) {
  const t = (key: string) => translate(lang, key);
  return {
    required: t('auth.page.required'),
    submit: t('auth.page.submit'),
    submitting: t('auth.page.submitting'),
    showPassword: t('auth.page.showPassword'),
    hidePassword: t('auth.page.hidePassword'),
    close: t('auth.page.close'),
    loginError: t('auth.loginError'),
    flash: Object.fromEntries(FLASH_KEYS.map((key) => [key, t(key)])),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside a `<script type="application/json">` block: `<` escaped so no text can close the block. */
const jsonBlock = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const ENDONYMS: Record<Language, string> = {
  en: 'English', it: 'Italiano', pt: 'Português', fr: 'Français', es: 'Español', el: 'Ελληνικά', ro: 'Română',
};

// Material icons (the ones the app's card used), inline so they paint with the page.
const icon = (d: string, className: string) => `<svg class="${className}" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${d}"/></svg>`;
const HOSPITAL = 'M19 3H5c-1.1 0-1.99.9-1.99 2L3 19c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m-1 11h-4v4h-4v-4H6v-4h4V6h4v4h4z';
const GLOBE = 'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2m6.93 6h-2.95c-.32-1.25-.78-2.45-1.38-3.56 1.84.63 3.37 1.91 4.33 3.56M12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82c.43-1.43 1.08-2.76 1.91-3.96M4.26 14C4.1 13.36 4 12.69 4 12s.1-1.36.26-2h3.38c-.08.66-.14 1.32-.14 2s.06 1.34.14 2zm.82 2h2.95c.32 1.25.78 2.45 1.38 3.56-1.84-.63-3.37-1.9-4.33-3.56m2.95-8H5.08c.96-1.66 2.49-2.93 4.33-3.56C8.81 5.55 8.35 6.75 8.03 8M12 19.96c-.83-1.2-1.48-2.53-1.91-3.96h3.82c-.43 1.43-1.08 2.76-1.91 3.96M14.34 14H9.66c-.09-.66-.16-1.32-.16-2s.07-1.35.16-2h4.68c.09.65.16 1.32.16 2s-.07 1.34-.16 2m.25 5.56c.6-1.11 1.06-2.31 1.38-3.56h2.95c-.96 1.65-2.49 2.93-4.33 3.56M16.36 14c.08-.66.14-1.32.14-2s-.06-1.34-.14-2h3.38c.16.64.26 1.31.26 2s-.1 1.36-.26 2z';
export const EYE = 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
export const EYE_OFF = 'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';

/** The European flag beside the funding notice (as the app's footer draws it). */
function euFlag(label: string): string {
  const star = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? 1 : 0.382;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(radius * Math.cos(angle)).toFixed(3)},${(radius * Math.sin(angle)).toFixed(3)}`;
  }).join(' ');
  const stars = Array.from({ length: 12 }, (_, i) => {
    const angle = (2 * Math.PI * i) / 12;
    return `<use href="#eu-star" transform="translate(${(30 + 12 * Math.sin(angle)).toFixed(2)} ${(20 - 12 * Math.cos(angle)).toFixed(2)}) scale(2.2)"/>`;
  }).join('');
  return `<svg role="img" aria-label="${escapeHtml(label)}" viewBox="0 0 60 40" width="48" height="32"><defs><polygon id="eu-star" points="${star}" fill="#ffcc00"/></defs><rect width="60" height="40" fill="#003399"/>${stars}</svg>`;
}

export const SUPPORT_EMAIL = 'support@geria.example.org';

// The app's theme (packages/web/src/app/theme.ts): primary #0b4f6c, text #1b2733 / #4a5866, background
// #f4f6f8, radius 8, the amber focus ring; the card as MUI's Paper (elevation 3) and outlined fields.
const CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:"Inter","Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1b2733;background:#f4f6f8}
:focus-visible{outline:3px solid #f0a202;outline-offset:2px}
a{color:#0b4f6c;text-decoration:none}a:hover{text-decoration:underline}
.page{min-height:100vh;display:flex;flex-direction:column}
header{display:flex;justify-content:flex-end;padding:8px 16px}
.lang{position:relative}
.lang summary{list-style:none;display:inline-flex;align-items:center;gap:8px;min-height:36px;padding:6px 8px;border-radius:8px;color:#0b4f6c;font-weight:600;font-size:.875rem;cursor:pointer}
.lang summary::-webkit-details-marker{display:none}
.lang .globe{width:20px;height:20px;fill:currentColor}
.lang summary:hover{background:rgba(11,79,108,.06)}
.lang ul{position:absolute;right:0;z-index:2;margin:4px 0 0;padding:8px 0;list-style:none;background:#fff;border-radius:8px;box-shadow:0 5px 5px -3px rgba(0,0,0,.2),0 8px 10px 1px rgba(0,0,0,.14),0 3px 14px 2px rgba(0,0,0,.12);min-width:180px}
.lang li a{display:block;padding:6px 16px;color:#1b2733}
.lang li a[aria-current]{background:rgba(11,79,108,.08)}
.lang li a:hover{background:rgba(0,0,0,.04);text-decoration:none}
main{flex-grow:1;display:flex;align-items:center;justify-content:center;padding:16px;outline:none}
.card{width:100%;max-width:420px;overflow:hidden;background:#fff;border-radius:8px;box-shadow:0 3px 3px -2px rgba(0,0,0,.2),0 3px 4px 0 rgba(0,0,0,.14),0 1px 8px 0 rgba(0,0,0,.12)}
.brand{display:flex;align-items:center;gap:16px;padding:24px 32px;background:#0b4f6c;color:#fff}
.brand .icon{width:2.1875rem;height:2.1875rem;fill:currentColor;flex-shrink:0}
.brand p{margin:0}
.brand .name{font-size:1.5rem;line-height:1.334;font-weight:700}
.brand .tagline{font-size:.875rem;line-height:1.43}
.body{padding:24px 32px}
h1{margin:0 0 16px;font-size:1.5rem;line-height:1.334;font-weight:400}
form{display:flex;flex-direction:column;gap:20px}
form p{margin:0}
.intro{color:#4a5866}
.alert{display:flex;gap:12px;padding:6px 16px;border-radius:8px;font-size:.875rem;line-height:1.43;background:#fdeded;color:#5f2120}
.alert p{padding:8px 0}
.field label{display:block;margin-bottom:4px;font-size:.875rem;font-weight:600;color:#4a5866}
.control{position:relative}
.field input{display:block;width:100%;height:56px;padding:16.5px 14px;font:inherit;color:inherit;background:#fff;border:1px solid rgba(0,0,0,.42);border-radius:8px}
.field input:hover{border-color:#1b2733}
.field input:focus{outline:none;border:2px solid #0b4f6c;padding:15.5px 13px}
.field input:focus-visible{outline:none}
.field input[aria-invalid=true]{border-color:#c62828}
.field .with-toggle{padding-right:56px}
.field .with-toggle:focus{padding-right:55px}
.toggle{position:absolute;top:4px;right:4px;width:48px;height:48px;display:flex;align-items:center;justify-content:center;padding:0;border:0;border-radius:50%;background:none;color:#4a5866;cursor:pointer}
.toggle:hover{background:rgba(0,0,0,.04)}
.toggle[hidden]{display:none}
.toggle svg{width:24px;height:24px;fill:currentColor}
.error{margin:3px 14px 0;font-size:.75rem;line-height:1.66;color:#c62828}
.error:empty{display:none}
.submit{min-height:42px;padding:8px 22px;font:inherit;font-size:.9375rem;font-weight:600;color:#fff;background:#0b4f6c;border:0;border-radius:8px;box-shadow:0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12);cursor:pointer}
.submit:hover{background:#083a50}
.submit:disabled{color:rgba(0,0,0,.38);background:rgba(0,0,0,.12);box-shadow:none;cursor:default}
.links{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}
.links .register{font-size:.875rem;line-height:1.43}
.links .register a{text-decoration:underline}
footer{display:flex;flex-wrap:wrap;align-items:center;gap:16px;padding:16px 24px;border-top:1px solid rgba(0,0,0,.12);background:#fff}
footer p{margin:0;flex:1 1 320px;font-size:.875rem;line-height:1.43;color:#4a5866}
footer a{font-size:.875rem}
.snackbar{position:fixed;left:8px;right:8px;bottom:8px;z-index:3;display:flex;align-items:center;gap:8px;max-width:560px;margin:0 auto;padding:6px 8px 6px 16px;border-radius:8px;font-size:.875rem;color:#fff;background:#2e7d32;box-shadow:0 3px 5px -1px rgba(0,0,0,.2),0 6px 10px 0 rgba(0,0,0,.14),0 1px 18px 0 rgba(0,0,0,.12)}
.snackbar.alert-kind{background:#c62828}
.snackbar p{margin:0;flex-grow:1;padding:8px 0}
.snackbar button{font:inherit;font-weight:600;color:inherit;background:none;border:0;border-radius:8px;padding:6px 8px;cursor:pointer}
`.replace(/\n/g, '');

/** The whole sign-in page for interaction `uid` in `lang`. */
export function renderLoginPage({ uid, lang, script, error, username = '' }: LoginPageInput): string {
  const t = (key: string) => escapeHtml(translate(lang, key));
  const action = `/auth/interaction/${encodeURIComponent(uid)}/login`;
  const languageLabel = lang === 'en' ? t('auth.page.language') : `${t('auth.page.language')} (Language)`;
  const languages = LANGUAGES.map((l) => `<li><a href="?${LOGIN_LANGUAGE_PARAM}=${l}" lang="${l}" hreflang="${l}" data-language="${l}"${l === lang ? ' aria-current="true"' : ''}>${l.toUpperCase()} · ${ENDONYMS[l]}</a></li>`).join('');
  const alert = error ? `<div class="alert" role="alert" id="login-alert"><p>${escapeHtml(error)}</p></div>` : '<div id="login-alert" hidden></div>';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${t('auth.page.tagline')}">
<meta name="theme-color" content="#0b4f6c">
<title>${t('auth.page.title')} · ${t('auth.page.appName')}</title>
<style>${CSS}</style>
<script type="application/json" id="geria-login-texts">${jsonBlock(loginScriptTexts(lang))}</script>
${script ? `<script type="module" src="${escapeHtml(script)}"></script>\n` : ''}</head>
<body>
<div class="page">
<header><details class="lang"><summary aria-label="${languageLabel}: ${lang.toUpperCase()}">${icon(GLOBE, 'globe')}${lang.toUpperCase()}</summary><ul>${languages}</ul></details></header>
<main id="main-content" tabindex="-1">
<div class="card">
<div class="brand">${icon(HOSPITAL, 'icon')}<div><p class="name">${t('auth.page.appName')}</p><p class="tagline">${t('auth.page.tagline')}</p></div></div>
<div class="body">
<h1>${t('auth.page.title')}</h1>
<form method="post" action="${escapeHtml(action)}" id="login-form">
<p class="intro">${t('auth.page.intro')}</p>
${alert}
<div class="field"><label for="username">${t('auth.page.username')} *</label><div class="control"><input id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(username)}" aria-describedby="username-error"></div><p class="error" id="username-error"></p></div>
<div class="field"><label for="password">${t('auth.page.password')} *</label><div class="control"><input id="password" class="with-toggle" name="password" type="password" autocomplete="current-password" required aria-describedby="password-error"><button type="button" class="toggle" id="password-toggle" aria-label="${t('auth.page.showPassword')}" aria-pressed="false" hidden>${icon(EYE, 'eye')}</button></div><p class="error" id="password-error"></p></div>
<input type="hidden" name="lang" value="${lang}">
<button type="submit" class="submit" id="login-submit">${t('auth.page.submit')}</button>
<div class="links"><a href="/login/forgot">${t('auth.page.forgot')}</a><span class="register">${t('auth.page.noAccount')} <a href="/registration">${t('auth.page.register')}</a></span></div>
</form>
</div>
</div>
</main>
<footer>${euFlag(translate(lang, 'auth.page.euFlag'))}<p>${t('auth.page.funding')}</p><a href="mailto:${SUPPORT_EMAIL}">${t('auth.page.contact')}</a></footer>
</div>
</body>
</html>
`;
}
