import { parseRoles } from '@geria/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../test/render.tsx';
import { SideMenuList } from './SideMenu.tsx';

async function renderMenu(roles: string[], path = '/') {
  const i18n = await testI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <SideMenuList roles={parseRoles(roles)} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const entryNames = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('side menu per role', () => {
  it('shows a care-centre manager Home, patients, inbox, GDPR, tech support and intrinsic capacity', async () => {
    await renderMenu(['CCM']);
    expect(entryNames()).toEqual(expect.arrayContaining(['Dashboard', 'Patients', 'Inbox', 'GDPR requests', 'Tech support', 'Intrinsic capacity']));
    expect(entryNames()).not.toContain('User management');
    expect(screen.queryByRole('button', { name: 'Interventions' })).toBeNull();
  });

  it('shows an auditor only Home, GDPR requests and the audit trail', async () => {
    await renderMenu(['Auditor']);
    expect(entryNames()).toEqual(['Dashboard', 'GDPR requests', 'Audit trail']);
  });

  it('shows tech support only the tech support entry', async () => {
    await renderMenu(['Tech']);
    expect(entryNames()).toEqual(['Tech support']);
  });

  it('gives a tester the Interventions group with its three sub-entries, opened from the keyboard', async () => {
    await renderMenu(['Tester']);
    const group = screen.getByRole('button', { name: 'Interventions' });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(entryNames()).toEqual(expect.arrayContaining(['Medical interventions', 'Notifications', 'Logs', 'User management']));
    expect(entryNames()).not.toContain('Dashboard');
  });

  it('opens the group and marks the current page when inside it', async () => {
    await renderMenu(['Tester'], '/interventions/logs');
    expect(screen.getByRole('button', { name: 'Interventions' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Logs' }).getAttribute('aria-current')).toBe('page');
  });
});
