import { renderHook } from '@testing-library/react';
import { MEASUREMENTS } from '@geria/domain';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../../test/render.tsx';
import { useUnitLabel } from './units.ts';

async function labels(language: 'en' | 'it') {
  const i18n = await testI18n(language);
  await i18n.loadNamespaces('devicedata');
  const { result } = renderHook(() => useUnitLabel(), { wrapper: ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider> });
  return Object.fromEntries(MEASUREMENTS.map((m) => [m.key, result.current(m)]));
}

describe('useUnitLabel', () => {
  it('gives every measurement its own unit: visceral fat is a level, only motion events are counted in events', async () => {
    const en = await labels('en');
    expect(en.visceralFat).toBe('level');
    expect(Object.keys(en).filter((key) => en[key] === 'events')).toEqual(['motionEvents']);
    expect(Object.keys(en).filter((key) => !en[key])).toEqual([]);
    expect(en.heartRateAvg).toBe('bpm');
    expect(en.weight).toBe('kg');
  });

  it('words the units in the language', async () => {
    const it = await labels('it');
    expect(it.visceralFat).toBe('livello');
  });
});
