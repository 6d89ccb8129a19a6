import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { PILOTS, type Language } from '@geria/domain';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../test/render.tsx';
import { usePilotName } from './use-pilot-name.ts';

async function pilotName(language: Language) {
  const i18n = await testI18n(language);
  await i18n.loadNamespaces('shell');
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(() => usePilotName(), { wrapper }).result.current;
}

describe('pilot names', () => {
  it('are the reference names in English, for every pilot', async () => {
    const name = await pilotName('en');
    expect(PILOTS.map(name)).toEqual(PILOTS.map((p) => p.name));
  });

  it('are translated in the other languages', async () => {
    expect((await pilotName('it'))({ pilotid: 2, name: 'Italian-Portuguese' })).toBe('Italo-portoghese');
    expect((await pilotName('el'))({ pilotid: 1, name: 'Greek' })).toBe('Ελληνικό');
  });

  it('keep the server\'s name for a pilot the interface does not know', async () => {
    expect((await pilotName('fr'))({ pilotid: 42, name: 'Nordic' })).toBe('Nordic');
  });
});
