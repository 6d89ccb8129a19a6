import type { Language } from '@geria/domain';
import { act, fireEvent, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../test/render.tsx';
import { DateField } from './DateField.tsx';

async function renderField(props: { value: string; min?: string; max?: string }, language: Language = 'en') {
  const i18n = await testI18n(language);
  const onChange = vi.fn();
  const field = (value: string) => (
    <I18nextProvider i18n={i18n}>
      <DateField label="Consent date" onChange={onChange} {...props} value={value} />
    </I18nextProvider>
  );
  const view = render(field(props.value));
  await view.findAllByRole('spinbutton');
  const shown = () => view.container.querySelector('input')!.value;
  const sections = () => view.getAllByRole('spinbutton');
  const press = (section: HTMLElement, key: string) => {
    act(() => section.focus());
    fireEvent.keyDown(section, { key });
  };
  return { onChange, shown, sections, press, rerender: (value: string) => view.rerender(field(value)) };
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
    await view.findAllByRole('spinbutton');
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

  it('gives the form the day as YYYY-MM-DD', async () => {
    const { onChange, sections, press } = await renderField({ value: '2026-11-01' });
    press(sections()[0], 'ArrowUp');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-02');
  });

  it('gives the form no day outside min and max', async () => {
    const { onChange, sections, press } = await renderField({ value: '2026-11-01', max: '2026-11-01' });
    press(sections()[0], 'ArrowUp');
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('shows a day the form sets for another reason (a reset, a load)', async () => {
    const { shown, rerender } = await renderField({ value: '' });
    expect(shown()).toBe('');
    rerender('2025-03-09');
    expect(shown()).toBe('09/03/2025');
  });
});
