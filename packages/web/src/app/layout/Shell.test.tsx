import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, testSession } from '../../test/render.tsx';
import { Shell } from './Shell.tsx';

/** The window is this many pixels wide, as far as CSS media queries go; returns a resize that tells the queries' listeners. */
function viewportWidth(initial: number) {
  let width = initial;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      get matches() { return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])); },
      media: query, onchange: null, addListener: () => {}, removeListener: () => {},
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    };
  });
  return (next: number) => act(() => {
    width = next;
    for (const listener of listeners) listener();
  });
}

async function renderShell() {
  const { session } = await testSession(['CCM']);
  return renderRoutes([{ path: '/', element: <Shell />, children: [{ index: true, element: <p>Home screen</p> }] }], '/', session);
}

// Hidden ones included: what is in the page, rendered, whether CSS shows it or not.
const menus = () => screen.queryAllByRole('navigation', { name: 'Main menu', hidden: true });

describe('the shell\'s side menu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on a phone is not in the page until the menu button opens it (no hidden copy rendered with every page)', async () => {
    viewportWidth(390);
    await renderShell();
    await screen.findByText('Home screen');
    expect(menus()).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Patients', hidden: true })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open the main menu' }));
    const [menu] = menus();
    expect(within(menu!).getByRole('link', { name: 'Patients' })).toBeTruthy();
  });

  it('opened on a phone, stays closed once the window has been widened and narrowed again', async () => {
    const resize = viewportWidth(390);
    await renderShell();
    await screen.findByText('Home screen');
    fireEvent.click(screen.getByRole('button', { name: 'Open the main menu' }));
    expect(menus()).toHaveLength(1);
    resize(1440);
    expect(menus()).toHaveLength(1);
    resize(390);
    expect(screen.getByRole('button', { name: 'Open the main menu' }).getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(menus()).toHaveLength(0));
  });

  it('on a desktop is always there, once', async () => {
    viewportWidth(1440);
    await renderShell();
    await screen.findByText('Home screen');
    expect(menus()).toHaveLength(1);
    expect(within(menus()[0]!).getByRole('link', { name: 'Patients' })).toBeTruthy();
  });
});
