import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages.ts';
import { getInstrument, INSTRUMENT_IDS } from './registry.ts';
import { INSTRUMENT_ACRONYMS, INSTRUMENT_TITLES_WITHOUT_ACRONYM, instrumentShortName } from './short-names.ts';

describe('instrument short names', () => {
  it('names acronyms only of catalogue instruments, each once', () => {
    expect(Object.keys(INSTRUMENT_ACRONYMS).filter((id) => !INSTRUMENT_IDS.includes(id))).toEqual([]);
    const names = Object.values(INSTRUMENT_ACRONYMS);
    expect(new Set(names).size).toBe(names.length);
  });

  it('agrees with the registry for every instrument and language: its acronym, else its translated title', () => {
    for (const id of INSTRUMENT_IDS) {
      for (const language of LANGUAGES) {
        const name = instrumentShortName(id, language);
        expect(name, `${id} ${language}`).toBeTruthy();
        expect(name, `${id} ${language}`).toBe(INSTRUMENT_ACRONYMS[id] ?? getInstrument(id)!.title[language]);
      }
    }
    expect(instrumentShortName('phq9', 'el')).toBe('PHQ-9');
    expect(instrumentShortName('sleep', 'it')).toBe('Qualità del sonno (ultimi 7 giorni)');
  });

  it('holds a title exactly for the catalogue instruments without an acronym', () => {
    expect(Object.keys(INSTRUMENT_TITLES_WITHOUT_ACRONYM).sort()).toEqual(INSTRUMENT_IDS.filter((id) => !(id in INSTRUMENT_ACRONYMS)).sort());
  });

  it('has no name for what is not an instrument', () => {
    for (const id of ['profiling', 'constructor', 'toString', '__proto__', 'hasOwnProperty']) expect(instrumentShortName(id, 'en'), id).toBeUndefined();
  });

  it('names instruments without loading the registry (it imports no instrument definition)', () => {
    const source = readFileSync(`${import.meta.dirname}/short-names.ts`, 'utf8');
    const imports = [...source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gm)].map((m) => ({ typeOnly: !!m[1], from: m[2] }));
    expect(imports.filter((i) => !i.typeOnly).map((i) => i.from)).toEqual([]);
  });
});
