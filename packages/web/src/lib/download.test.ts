import { describe, expect, it } from 'vitest';
import { fileNameOf, toCsv } from './download.ts';

describe('toCsv', () => {
  it('quotes cells holding a comma, a quote or a line break and doubles the quotes', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'two\nlines'], [1, 2.5, null, undefined]])).toBe('a,"b,c","say ""hi""","two\nlines"\r\n1,2.5,,');
  });

  it('keeps plain cells as they are, booleans as words', () => {
    expect(toCsv([['Μέσος όρος', true, 0]])).toBe('Μέσος όρος,true,0');
  });
});

describe('fileNameOf', () => {
  it('keeps letters and digits of any script, lower-cased, and dashes the rest', () => {
    expect(fileNameOf('PHQ-9 per encounter (n=40)', 'png')).toBe('phq-9-per-encounter-n-40.png');
    expect(fileNameOf('Ηλικία', 'csv')).toBe('ηλικία.csv');
    expect(fileNameOf('***', 'csv')).toBe('chart.csv');
  });
});
