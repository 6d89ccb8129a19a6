import { FLASH_STORAGE_KEY, LANGUAGE_STORAGE_KEY } from '@geria/domain/i18n/sign-in-page.ts';

/**
 * Enhances the server-rendered sign-in page (packages/server/src/auth/login-page.ts) without any
 * framework, so it costs the page almost nothing: the form answers in place (the refusal in the
 * page's language, as the API words it) instead of reloading, empty fields are explained, the
 * password can be shown, a message left by another page before its redirect (Logged Out, Session
 * Expired, Password changed …) is shown once, and a language picked here is remembered for the app.
 */

/** What the server writes into the page (`#geria-login-texts`), in the page's language. */
export interface LoginTexts {
  required: string;
  submit: string;
  submitting: string;
  showPassword: string;
  hidePassword: string;
  close: string;
  loginError: string;
  flash: Record<string, string>;
}

export interface LoginPageDeps {
  local: Storage;
  session: Storage;
  fetch: typeof fetch;
  assign: (url: string) => void;
}

/** Statuses whose error message says what the user can do (wrong password, locked account, too many attempts). */
const EXPLAINED_STATUSES = new Set([401, 403, 429]);

const EYE = 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const EYE_OFF = 'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';

/** The error text of a refused sign-in: the API's own (translated) message when it explains the refusal. */
export async function refusalText(response: Response, texts: LoginTexts): Promise<string> {
  if (!EXPLAINED_STATUSES.has(response.status)) return texts.loginError;
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' && body.error.message ? body.error.message : texts.loginError;
  } catch {
    return texts.loginError;
  }
}

/** The message another page left before its redirect, once (only keys the page has texts for). */
export function takeFlash(storage: Storage, texts: LoginTexts): { kind: 'success' | 'error' | 'alert'; text: string } | null {
  const raw = storage.getItem(FLASH_STORAGE_KEY);
  storage.removeItem(FLASH_STORAGE_KEY);
  if (!raw) return null;
  try {
    const flash = JSON.parse(raw) as { kind?: unknown; key?: unknown };
    const text = typeof flash.key === 'string' ? texts.flash[flash.key] : undefined;
    if (!text) return null;
    return { kind: flash.kind === 'success' ? 'success' : flash.kind === 'error' ? 'error' : 'alert', text };
  } catch {
    return null;
  }
}

function paragraph(doc: Document, text: string): HTMLParagraphElement {
  const p = doc.createElement('p');
  p.textContent = text;
  return p;
}

function showFlash(doc: Document, flash: { kind: string; text: string }, texts: LoginTexts) {
  // Fixed at the bottom like the app's snackbar, so it moves nothing on the page.
  const bar = doc.createElement('div');
  bar.className = flash.kind === 'success' ? 'snackbar' : 'snackbar alert-kind';
  bar.setAttribute('role', flash.kind === 'success' ? 'status' : 'alert');
  const close = doc.createElement('button');
  close.type = 'button';
  close.textContent = texts.close;
  close.addEventListener('click', () => bar.remove());
  bar.append(paragraph(doc, flash.text), close);
  doc.body.append(bar);
}

export function enhanceLoginPage(doc: Document, deps: LoginPageDeps): void {
  const form = doc.getElementById('login-form') as HTMLFormElement | null;
  const textsBlock = doc.getElementById('geria-login-texts');
  if (!form || !textsBlock?.textContent) return;
  const texts = JSON.parse(textsBlock.textContent) as LoginTexts;
  const username = form.elements.namedItem('username') as HTMLInputElement;
  const password = form.elements.namedItem('password') as HTMLInputElement;
  const submit = doc.getElementById('login-submit') as HTMLButtonElement;
  const alert = doc.getElementById('login-alert') as HTMLElement;

  const flash = takeFlash(deps.session, texts);
  if (flash) showFlash(doc, flash, texts);

  // A language picked on this page is the user's choice for the app too.
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-language]')) {
    link.addEventListener('click', () => deps.local.setItem(LANGUAGE_STORAGE_KEY, link.dataset.language!));
  }

  const toggle = doc.getElementById('password-toggle') as HTMLButtonElement | null;
  if (toggle) {
    toggle.hidden = false;
    toggle.addEventListener('click', () => {
      const shown = password.type === 'password';
      password.type = shown ? 'text' : 'password';
      toggle.setAttribute('aria-pressed', String(shown));
      toggle.setAttribute('aria-label', shown ? texts.hidePassword : texts.showPassword);
      toggle.querySelector('path')?.setAttribute('d', shown ? EYE_OFF : EYE);
    });
  }

  const setFieldError = (input: HTMLInputElement, message: string) => {
    const helper = doc.getElementById(`${input.id}-error`);
    if (helper) helper.textContent = message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };
  const showAlert = (text: string) => {
    alert.className = 'alert';
    alert.setAttribute('role', 'alert');
    alert.replaceChildren(paragraph(doc, text));
    alert.hidden = false;
  };

  const isEmpty = (input: HTMLInputElement) => (input === username ? input.value.trim() : input.value) === '';
  // Once explained, a field's error follows what is typed (as the app's forms do after a submit).
  for (const input of [username, password]) {
    input.addEventListener('input', () => {
      if (input.hasAttribute('aria-invalid')) setFieldError(input, isEmpty(input) ? texts.required : '');
    });
  }

  // The page's own checks, in its language, instead of the browser's.
  form.noValidate = true;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const empty = [username, password].filter(isEmpty);
    for (const input of [username, password]) setFieldError(input, empty.includes(input) ? texts.required : '');
    if (empty.length) {
      empty[0]!.focus();
      return;
    }
    submit.disabled = true;
    submit.textContent = texts.submitting;
    const release = () => {
      submit.disabled = false;
      submit.textContent = texts.submit;
    };
    deps.fetch(form.action, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': doc.documentElement.lang },
      body: JSON.stringify({ username: username.value.trim(), password: password.value }),
    }).then(async (response) => {
      if (response.ok) {
        const { redirectTo } = (await response.json()) as { redirectTo?: unknown };
        if (typeof redirectTo === 'string' && redirectTo) {
          // The button stays disabled ("Signing in…") while the browser follows the provider.
          deps.assign(redirectTo);
          return;
        }
        throw new Error('No redirect');
      }
      showAlert(await refusalText(response, texts));
      release();
    }).catch(() => {
      showAlert(texts.loginError);
      release();
    });
  });
}
