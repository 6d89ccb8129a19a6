import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INSTRUMENTS } from '@geria/domain';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../../app/router/routes.tsx';
import { renderRoutes, testSession } from '../../../test/render.tsx';

async function openPage(language: 'en' | 'el' = 'en') {
  const { session } = await testSession(['ClinicalExpert']);
  const view = await renderRoutes(buildRoutes(), '/instruments', session, language);
  await screen.findAllByRole('article', {}, { timeout: 5000 });
  return view;
}

describe('Instruments page', () => {
  it('lists every instrument with its description, range and licence note', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Instruments' })).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(INSTRUMENTS.length);
    const eq5d = screen.getByRole('article', { name: 'EQ-5D-5L' });
    expect(eq5d.textContent).toContain('Score range 5–25');
    expect(eq5d.textContent).toContain('EuroQol');
    const phq9 = screen.getByRole('article', { name: /PHQ-9/ });
    expect(phq9.textContent).toContain('Licence: Free to use');
  });

  it('previews an instrument in a dialog that saves nothing, until Close', async () => {
    await openPage();
    fireEvent.click(within(screen.getByRole('article', { name: /GHABP/ })).getByRole('button', { name: /^Preview/ }));
    const dialog = await screen.findByRole('dialog', { name: /GHABP/ });
    expect(within(dialog).getByText('Preview: nothing is saved.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Television' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is in the interface language', async () => {
    await openPage('el');
    expect(screen.getAllByRole('button', { name: /^Προεπισκόπηση/ })).toHaveLength(INSTRUMENTS.length);
  });
});
