import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../../test/render.tsx';
import { ExportForm } from './ExportForm.tsx';

async function open(language: 'en' | 'fr' = 'en') {
  const i18n = await testI18n(language);
  await i18n.loadNamespaces(['exports', 'shell', 'messages']);
  const onStart = vi.fn();
  render(<I18nextProvider i18n={i18n}><ExportForm busy={false} onStart={onStart} /></I18nextProvider>);
  return onStart;
}

describe('dataset export form', () => {
  it('sends the defaults (every pilot and status, wide, age band) with the labels in the interface language, and no empty dates', async () => {
    const onStart = await open('fr');
    fireEvent.click(screen.getByRole('button', { name: 'Lancer l\'export' }));
    expect(onStart).toHaveBeenCalledWith({
      pilots: [], instruments: [], clinicalSections: [], encounters: 'all', recruitment: [], language: 'fr', layout: 'wide', birth: 'ageBand', deviceDaily: false,
    });
  });

  it('sends the chosen sections, layout, birth and device data', async () => {
    const onStart = await open();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Laboratory (with CKD-EPI eGFR)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vital signs' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vital signs' }));
    fireEvent.click(screen.getByRole('radio', { name: /^Long/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Year of birth' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include device daily summaries' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start export' }));
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ clinicalSections: ['labs'], layout: 'long', birth: 'year', deviceDaily: true }));
  });
});
