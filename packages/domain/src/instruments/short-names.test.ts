import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages.ts';
import { INSTRUMENT_IDS } from './registry.ts';
import { INSTRUMENT_ACRONYMS, instrumentShortName } from './short-names.ts';

describe('instrument short names', () => {
  it('names acronyms only of catalogue instruments, each once', () => {
    expect(Object.keys(INSTRUMENT_ACRONYMS).filter((id) => !INSTRUMENT_IDS.includes(id))).toEqual([]);
    const names = Object.values(INSTRUMENT_ACRONYMS);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every instrument a short name in every language: its acronym, else its translated title', () => {
    for (const id of INSTRUMENT_IDS) for (const language of LANGUAGES) expect(instrumentShortName(id, language)).toBeTruthy();
    expect(instrumentShortName('phq9', 'el')).toBe('PHQ-9');
    expect(instrumentShortName('sleep', 'it')).toBe('Qualità del sonno (ultimi 7 giorni)');
  });

  it('has no name for what is not an instrument', () => {
    expect(instrumentShortName('profiling', 'en')).toBeUndefined();
  });
});
