import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, testSession } from '../../test/render.tsx';
import { buildRoutes } from './routes.tsx';

describe('router built from the domain route table', () => {
  it('shows a reachable page with its title in the top bar and its breadcrumb', async () => {
    const { session } = await testSession(['CCM']);
    const { router } = await renderRoutes(buildRoutes(), '/inbox', session);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('Inbox');
    expect(router.state.location.pathname).toBe('/inbox');
  });

  it('sends a role-forbidden page Home with "You\'re not allowed to reach the page."', async () => {
    const { session } = await testSession(['Auditor']);
    const { router } = await renderRoutes(buildRoutes(), '/patient/42', session);
    // The screens load lazily, and a loaded machine takes more than findBy's default second.
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toContain("You're not allowed to reach the page.");
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('sends a visitor without a session to Login, which starts the sign-in for the page asked for', async () => {
    const { session, client } = await testSession(null);
    const { router } = await renderRoutes(buildRoutes(), '/gdpr', session);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(client.redirects).toEqual([{ returnTo: '/gdpr' }]));
  });

  it('sends a signed-in user at Login Home', async () => {
    const { session } = await testSession(['SysAdmin']);
    const { router } = await renderRoutes(buildRoutes(), '/login', session);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('redirects an unknown path to /', async () => {
    const { session } = await testSession(['Tester']);
    const { router } = await renderRoutes(buildRoutes(), '/no/such/page', session);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows no top bar or side menu on bare routes', async () => {
    const { session } = await testSession(null);
    await renderRoutes(buildRoutes(), '/registration', session);
    // The real Registration screen is loaded lazily: give its chunk time under a busy test run.
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('button', { name: /User menu/ })).toBeNull();
  });

  it('shows the user menu with the full name and the first displayable role', async () => {
    const { session } = await testSession(['ClinicalExpert', 'Tester']);
    await renderRoutes(buildRoutes(), '/', session);
    const button = await screen.findByRole('button', { name: /User menu/ });
    expect(button.textContent).toContain('Ada Rossi');
    expect(button.textContent).toContain('Clinical expert');
  });
});
