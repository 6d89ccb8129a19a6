import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@geria/domain';
import { formatDate, formatDateTime, formatNumber, formatPercent } from './format.ts';

describe('formatting for the interface language', () => {
  const date = new Date(Date.UTC(2026, 4, 7, 12));

  it('writes dates the way each language does', () => {
    expect(formatDate(date, 'en', { dateStyle: 'short', timeZone: 'UTC' })).toBe('07/05/2026');
    expect(formatDate(date, 'fr', { month: 'long', timeZone: 'UTC' })).toBe('mai');
    expect(formatDate(date, 'ro', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('7 mai 2026');
  });

  it('writes times on the 24-hour clock in every language, so no time ends in a period ("6:31 μ.μ.." in Greek)', () => {
    const evening = new Date(2026, 10, 28, 18, 31);
    for (const language of LANGUAGES) {
      const text = formatDateTime(evening, language);
      expect(text, language).toContain('18:31');
      expect(text, language).not.toMatch(/\.$/);
    }
  });

  it('uses the decimal separator of the language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1.5, 'it')).toBe('1,5');
    expect(formatPercent(0.256, 'en')).toBe('25.6%');
  });
});
