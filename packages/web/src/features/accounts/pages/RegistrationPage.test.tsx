import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, testSession } from '../../../test/render.tsx';
import { buildRoutes } from '../../../app/router/routes.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => { vi.unstubAllGlobals(); });

async function openRegistration() {
  const { session } = await testSession(null);
  const view = await renderRoutes(buildRoutes(), '/registration', session);
  await screen.findByRole('heading', { level: 1, name: 'Registration' }, { timeout: 5000 });
  return view;
}

const field = (label: RegExp) => screen.getByLabelText(label);

function fillValidForm() {
  fireEvent.change(field(/^First name/), { target: { value: 'Maria' } });
  fireEvent.change(field(/^Last name/), { target: { value: 'Rossi' } });
  fireEvent.change(field(/^Username/), { target: { value: 'mrossi' } });
  fireEvent.change(field(/^E-mail/), { target: { value: 'maria@example.org' } });
  fireEvent.change(field(/^Organisation/), { target: { value: 'MIL-GER' } });
  fireEvent.click(screen.getByRole('option', { name: /Milan Geriatric Institute/ }));
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Requested role/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Care-centre manager' }));
  fireEvent.change(field(/^Password/), { target: { value: 'Tramonto-sul-lago-7' } });
  fireEvent.change(field(/^Confirm the password/), { target: { value: 'Tramonto-sul-lago-7' } });
}

describe('Registration page', () => {
  it('explains every invalid field and does not show the privacy policy', async () => {
    await openRegistration();
    fireEvent.change(field(/^Password/), { target: { value: 'short' } });
    fireEvent.change(field(/^Confirm the password/), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The password must have at least 10 characters.')).toBeTruthy();
    expect(screen.getByText('The password confirmation does not match the password.')).toBeTruthy();
    expect(screen.getByText('Choose the role you are requesting.')).toBeTruthy();
    expect(screen.getByText('This organisation is not in the list of the study\'s organisations.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the privacy policy of May 2021; Disagree leaves for sign-in without sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { router } = await openRegistration();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy policy' });
    expect(dialog.textContent).toContain('May 2021');
    expect(dialog.textContent).toContain('children under 13');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disagree' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/registration'))).toEqual([]);
  });

  it('Agree sends the registration with the policy agreed and shows the pending message', async () => {
    const fetch = vi.fn(async () => json(201, { status: 'pending', code: 'accounts.registration.success', username: 'mrossi' }));
    vi.stubGlobal('fetch', fetch);
    await openRegistration();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Agree and register' }));
    expect(await screen.findByText('Thank you for registering. We have sent an e-mail to maria@example.org telling you how your request goes on: a new account waits for an administrator to unlock it, then an e-mail will follow.')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/registration');
    expect(JSON.parse(String(init.body))).toMatchObject({ username: 'mrossi', organisation: 'MIL-GER', requestedRole: 'CCM', privacyPolicyAgreed: true, language: 'en' });
  });

  it('puts the server\'s refusal of a field on that field, and says when the registration failed', async () => {
    const fetch = vi.fn()
      .mockResolvedValueOnce(json(400, { error: { code: 'errors.validation', message: 'invalid', details: [{ path: 'username', code: 'accounts.rules.usernameFormat', message: 'format' }] } }))
      .mockResolvedValueOnce(json(500, { error: { code: 'accounts.registration.failed', message: 'failed', details: null } }));
    vi.stubGlobal('fetch', fetch);
    await openRegistration();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Agree and register' }));
    expect(await screen.findByText('The username must have 3 to 64 characters: letters, digits, and . _ @ -')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.change(field(/^Username/), { target: { value: 'mrossi2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Agree and register' }));
    expect(await screen.findByText("The registration wasn't successful, please contact the administrator of the platform")).toBeTruthy();
  });

  it('reports the validation link on the sign-in page', async () => {
    const { session } = await testSession(null);
    const { router } = await renderRoutes(buildRoutes(), '/registration?emailVerified=true', session);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(JSON.parse(window.sessionStorage.getItem('geria.flash') ?? 'null')).toEqual({ kind: 'success', key: 'accounts.verify.done' });
  });
});
