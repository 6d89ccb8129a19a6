import type { Language } from '@geria/domain';
import { act, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../test/render.tsx';
import { DateField, INVALID_DAY } from './DateField.tsx';

/** The picker is imported lazily; on a loaded CI machine that import alone can take seconds (1 s, the default wait, failed once). */
const pickerLoaded = { timeout: 30_000 };

/** The field in a form that keeps what it hears, as the app's forms do; `setByForm` changes it from the form's side. */
async function renderField(props: { value: string; min?: string; max?: string }, language: Language = 'en') {
  const i18n = await testI18n(language);
  const onChange = vi.fn();
  let setByForm: (value: string) => void = () => {};
  function Form() {
    const [value, setValue] = useState(props.value);
    setByForm = setValue;
    return <DateField label="Consent date" {...props} value={value} onChange={(day) => { onChange(day); setValue(day); }} />;
  }
  const view = render(<I18nextProvider i18n={i18n}><Form /></I18nextProvider>);
  await view.findAllByRole('spinbutton', {}, pickerLoaded);
  const shown = () => view.container.querySelector('input')!.value;
  const sections = () => view.getAllByRole('spinbutton');
  const press = (section: HTMLElement, key: string) => {
    act(() => section.focus());
    fireEvent.keyDown(section, { key });
    fireEvent.keyUp(section, { key });
  };
  const message = () => view.container.querySelector('.MuiFormHelperText-root')?.textContent ?? undefined;
  return { onChange, shown, sections, press, message, setByForm: (value: string) => act(() => setByForm(value)) };
}

describe('DateField', () => {
  it('shows the day read-only in the interface language until its picker has loaded', async () => {
    // A fresh module: its lazily loaded picker is not loaded yet.
    vi.resetModules();
    const { DateField: Fresh } = await import('./DateField.tsx');
    const i18n = await testI18n('ro');
    const view = render(<I18nextProvider i18n={i18n}><Fresh label="Data" value="2026-11-01" onChange={vi.fn()} /></I18nextProvider>);
    const input = view.container.querySelector('input')!;
    expect(input.value).toBe('01.11.2026');
    expect(input.readOnly).toBe(true);
    await view.findAllByRole('spinbutton', {}, pickerLoaded);
  });

  it('shows the day in the interface language: day first in English (British, as the study runs in Europe)', async () => {
    const { shown, sections } = await renderField({ value: '2026-11-01' });
    expect(shown()).toBe('01/11/2026');
    expect(sections()[0].getAttribute('aria-label')).toBe('Day');
  });

  it('names its parts in the interface language', async () => {
    const { sections } = await renderField({ value: '2026-11-01' }, 'it');
    expect(sections().map((s) => s.getAttribute('aria-label'))).toEqual(['Giorno', 'Mese', 'Anno']);
  });

  it('shows an empty field\'s format and names its parts in Greek letters', async () => {
    const { sections } = await renderField({ value: '' }, 'el');
    expect(sections().map((s) => s.textContent)).toEqual(['ΗΗ', 'ΜΜ', 'ΕΕΕΕ']);
    expect(sections().map((s) => s.getAttribute('aria-label'))).toEqual(['Ημέρα', 'Μήνας', 'Έτος']);
  });

  it('gives the form the day as YYYY-MM-DD', async () => {
    const { onChange, sections, press } = await renderField({ value: '2026-11-01' });
    press(sections()[0], 'ArrowUp');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-02');
  });

  it('gives the form INVALID_DAY outside min and max, and says which bound', async () => {
    const { onChange, sections, press, message } = await renderField({ value: '2026-11-01', max: '2026-11-01' });
    press(sections()[0], 'ArrowUp');
    expect(onChange).toHaveBeenLastCalledWith(INVALID_DAY);
    expect(message()).toBe('Not after 1 Nov 2026');
  });

  it('gives the form INVALID_DAY, not "no date", while a part is cleared, and says the date is incomplete', async () => {
    const { onChange, sections, press, message, shown } = await renderField({ value: '2026-11-01' });
    press(sections()[0], 'Delete');
    expect(shown()).toBe('DD/11/2026');
    expect(onChange).toHaveBeenLastCalledWith(INVALID_DAY);
    expect(message()).toBe('Enter a complete date that exists');
    press(sections()[0], 'ArrowUp');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-01');
    expect(message()).toBeUndefined();
  });

  it('empties a half-typed date when the form empties it (a reset)', async () => {
    const { sections, press, shown, setByForm, message } = await renderField({ value: '2026-11-01' });
    press(sections()[0], 'Delete');
    expect(shown()).toBe('DD/11/2026');
    setByForm('');
    expect(shown()).toBe('');
    expect(message()).toBeUndefined();
  });

  it('gives the form no day when every part is cleared, and no message', async () => {
    const { onChange, sections, press, message, shown } = await renderField({ value: '2026-11-01' });
    for (const section of [0, 1, 2]) press(sections()[section], 'Delete');
    expect(shown()).toBe('');
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(message()).toBeUndefined();
  });

  it('shows a day the form sets for another reason (a reset, a load)', async () => {
    const { shown, setByForm } = await renderField({ value: '' });
    expect(shown()).toBe('');
    setByForm('2025-03-09');
    expect(shown()).toBe('09/03/2025');
  });
});
