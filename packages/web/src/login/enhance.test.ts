import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhanceLoginPage, type LoginTexts } from './enhance.ts';

const TEXTS: LoginTexts = {
  required: 'Αυτό το πεδίο είναι υποχρεωτικό.', submit: 'Σύνδεση', submitting: 'Σύνδεση σε εξέλιξη…',
  showPassword: 'Εμφάνιση', hidePassword: 'Απόκρυψη', close: 'Κλείσιμο', loginError: 'Σφάλμα σύνδεσης',
  flash: { 'auth.loggedOut': 'Αποσυνδεθήκατε' },
};

/** The parts of the server's page (packages/server/src/auth/login-page.ts) the script works on. */
function renderPage() {
  document.documentElement.lang = 'el';
  document.body.innerHTML = `
    <script type="application/json" id="geria-login-texts">${JSON.stringify(TEXTS)}</script>
    <a href="?lang=it" data-language="it">IT</a>
    <form method="post" action="/auth/interaction/abc/login" id="login-form">
      <div id="login-alert" hidden></div>
      <input id="username" name="username" aria-describedby="username-error"><p id="username-error"></p>
      <input id="password" name="password" type="password" aria-describedby="password-error">
      <button type="button" id="password-toggle" aria-label="Εμφάνιση" aria-pressed="false" hidden><svg><path d=""/></svg></button><p id="password-error"></p>
      <button type="submit" id="login-submit">Σύνδεση</button>
    </form>`;
}

function setUp(fetchImpl: typeof fetch = vi.fn()) {
  renderPage();
  const deps = { local: window.localStorage, session: window.sessionStorage, fetch: fetchImpl, assign: vi.fn() };
  enhanceLoginPage(document, deps);
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  return { deps, $, submit: () => $<HTMLFormElement>('login-form').requestSubmit() };
}

const fill = (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input'));
};

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('the sign-in page script', () => {
  it('explains empty fields in the page language and sends nothing', () => {
    const { deps, $, submit } = setUp();
    submit();
    expect(deps.fetch).not.toHaveBeenCalled();
    expect($('username-error').textContent).toBe(TEXTS.required);
    expect($('username').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe($('username'));
    fill($('username'), 'demo-ccm');
    expect($('username-error').textContent).toBe('');
    expect($('username').hasAttribute('aria-invalid')).toBe(false);
  });

  it('posts the credentials as JSON in the page language and follows the answer', async () => {
    const fetchImpl = vi.fn(async () => answer(200, { redirectTo: '/auth/auth/abc' }));
    const { deps, $, submit } = setUp(fetchImpl as unknown as typeof fetch);
    fill($('username'), ' demo-ccm ');
    fill($('password'), 'secret');
    submit();
    expect($<HTMLButtonElement>('login-submit').disabled).toBe(true);
    expect($('login-submit').textContent).toBe(TEXTS.submitting);
    await vi.waitFor(() => expect(deps.assign).toHaveBeenCalledWith('/auth/auth/abc'));
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/auth\/interaction\/abc\/login$/);
    expect(JSON.parse(init.body as string)).toEqual({ username: 'demo-ccm', password: 'secret' });
    expect((init.headers as Record<string, string>)['accept-language']).toBe('el');
  });

  it("shows the API's message for a refusal the user can act on, the generic error otherwise", async () => {
    const responses = [answer(401, { error: { code: 'auth.invalidCredentials', message: 'Λάθος όνομα χρήστη ή κωδικός πρόσβασης.' } }), answer(500, { error: { message: 'internal' } })];
    const { $, submit } = setUp(vi.fn(async () => responses.shift()!) as unknown as typeof fetch);
    fill($('username'), 'demo-ccm');
    fill($('password'), 'wrong');
    submit();
    await vi.waitFor(() => expect($('login-alert').textContent).toBe('Λάθος όνομα χρήστη ή κωδικός πρόσβασης.'));
    expect($('login-alert').getAttribute('role')).toBe('alert');
    expect($<HTMLButtonElement>('login-submit').disabled).toBe(false);
    submit();
    await vi.waitFor(() => expect($('login-alert').textContent).toBe(TEXTS.loginError));
  });

  it('shows the generic error when the server cannot be reached', async () => {
    const { $, submit } = setUp(vi.fn(async () => { throw new TypeError('offline'); }) as unknown as typeof fetch);
    fill($('username'), 'demo-ccm');
    fill($('password'), 'x');
    submit();
    await vi.waitFor(() => expect($('login-alert').textContent).toBe(TEXTS.loginError));
  });

  it('shows and hides the password', () => {
    const { $ } = setUp();
    const toggle = $<HTMLButtonElement>('password-toggle');
    expect(toggle.hidden).toBe(false);
    toggle.click();
    expect($<HTMLInputElement>('password').type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe(TEXTS.hidePassword);
    toggle.click();
    expect($<HTMLInputElement>('password').type).toBe('password');
  });

  it('shows a message left by the previous page once, and only a known one', () => {
    window.sessionStorage.setItem('geria.flash', JSON.stringify({ kind: 'success', key: 'auth.loggedOut' }));
    setUp();
    expect(document.querySelector('[role="status"]')?.textContent).toContain('Αποσυνδεθήκατε');
    expect(window.sessionStorage.getItem('geria.flash')).toBeNull();
    window.sessionStorage.setItem('geria.flash', JSON.stringify({ kind: 'alert', key: 'no.such.key' }));
    setUp();
    expect(document.querySelector('.snackbar')).toBeNull();
  });

  it('remembers a language picked on the page for the app', () => {
    setUp();
    const link = document.querySelector<HTMLAnchorElement>('a[data-language]')!;
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(window.localStorage.getItem('geria.language')).toBe('it');
  });
});
