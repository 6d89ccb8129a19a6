import { describe, expect, it } from 'vitest';
import { defaultPaperSize, printCss } from './paper.ts';

describe('the summary\'s paper', () => {
  it('is Letter in the Americas\' letter countries and A4 elsewhere or without a region', () => {
    expect(defaultPaperSize('en-US')).toBe('letter');
    expect(defaultPaperSize('es-MX')).toBe('letter');
    expect(defaultPaperSize('en-GB')).toBe('A4');
    expect(defaultPaperSize('it')).toBe('A4');
    expect(defaultPaperSize('en')).toBe('A4');
    expect(defaultPaperSize('el-GR')).toBe('A4');
    expect(defaultPaperSize(undefined)).toBe('A4');
  });

  it('sets the page size of the choice and hides the application on paper', () => {
    expect(printCss('letter')).toContain('@page { size: letter;');
    expect(printCss('A4')).toContain('@page { size: A4;');
    expect(printCss('A4')).toMatch(/@media print \{[^]*header, footer, \[data-print="hide"\] \{ display: none !important; \}/);
  });
});
