import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../../test/render.tsx';
import { ExecuteRightDialog } from './ExecuteRightDialog.tsx';

const ID = '7d3c4a52-6a8e-4f0e-9a55-0c3b1c0d2e11';

async function open(right: 'erasure' | 'restriction', language: 'en' | 'it' = 'en') {
  const i18n = await testI18n(language);
  await i18n.loadNamespaces('gdpr');
  const onConfirm = vi.fn();
  render(<I18nextProvider i18n={i18n}><ExecuteRightDialog right={right} participantId={ID} busy={false} onConfirm={onConfirm} onClose={() => undefined} /></I18nextProvider>);
  return onConfirm;
}

describe('carrying out a GDPR right', () => {
  it('names the consequences of an erasure and waits for the participant id to be typed', async () => {
    const onConfirm = await open('erasure');
    expect(screen.getByText(/audit trail keeps no erased content/)).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Carry out' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Type the participant ID to confirm'), { target: { value: `${ID.slice(0, -1)}x` } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Type the participant ID to confirm'), { target: { value: ID } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('confirms a reversible right directly, in the user\'s language', async () => {
    const onConfirm = await open('restriction', 'it');
    expect(screen.getByText(/escluso da analisi e interventi/)).toBeTruthy();
    expect(screen.queryByLabelText(/ID del partecipante/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Esegui' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
