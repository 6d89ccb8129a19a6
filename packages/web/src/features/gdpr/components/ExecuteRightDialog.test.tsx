import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../../test/render.tsx';
import { ExecuteRightDialog, type RequestSubject } from './ExecuteRightDialog.tsx';

const ID = '7d3c4a52-6a8e-4f0e-9a55-0c3b1c0d2e11';
const ERMINIA: RequestSubject = { id: ID, name: 'Erminia Zanardelli', studyCode: 'MIL-0042' };

async function open(right: 'erasure' | 'restriction', language: 'en' | 'it' = 'en', subject = ERMINIA) {
  const i18n = await testI18n(language);
  await i18n.loadNamespaces('gdpr');
  const onConfirm = vi.fn();
  render(<I18nextProvider i18n={i18n}><ExecuteRightDialog right={right} subject={subject} busy={false} onConfirm={onConfirm} onClose={() => undefined} /></I18nextProvider>);
  return onConfirm;
}

describe('carrying out a GDPR right', () => {
  it('names the consequences of an erasure and waits for the participant\'s name or study code, not their id', async () => {
    const onConfirm = await open('erasure');
    expect(screen.getByText(/audit trail keeps no erased content/)).toBeTruthy();
    expect(screen.getByText('This request concerns Erminia Zanardelli · MIL-0042.')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Carry out' }) as HTMLButtonElement;
    const field = screen.getByLabelText('Type the participant\'s full name or study code to confirm');
    expect(confirm.disabled).toBe(true);
    for (const wrong of [ID, 'Erminia']) {
      fireEvent.change(field, { target: { value: wrong } });
      expect(confirm.disabled).toBe(true);
    }
    fireEvent.change(field, { target: { value: ' erminia zanardelli ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.change(field, { target: { value: 'mil-0042' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith('mil-0042');
  });

  it('asks for the study code alone when the user does not read participants\' names', async () => {
    await open('erasure', 'it', { id: ID, name: null, studyCode: 'MIL-0042' });
    fireEvent.change(screen.getByLabelText('Digita il codice di studio del partecipante per confermare'), { target: { value: 'MIL-0042' } });
    expect((screen.getByRole('button', { name: 'Esegui' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('confirms a reversible right directly, in the user\'s language', async () => {
    const onConfirm = await open('restriction', 'it');
    expect(screen.getByText(/escluso da analisi e interventi/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Esegui' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
