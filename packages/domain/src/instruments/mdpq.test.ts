import { describe, expect, it } from 'vitest';
import { mdpq, mdpq16 } from './mdpq.ts';
import { instrumentAt } from './registry.ts';
import { scoreInstrument } from './score.ts';
import type { Answers } from './types.ts';

const KEYS = ['basics', 'communication', 'dataFileStorage', 'internet', 'calendar', 'entertainment', 'privacy', 'troubleshootingSoftware'];
const all = (value: number, count = 15): Answers => Object.fromEntries(Array.from({ length: count }, (_, i) => [`mdpq-${i + 1}`, value]));
const score = (a: unknown) => scoreInstrument('mdpq', a);

describe('mdpq', () => {
  it('has the protocol\'s 15 tasks: the MDPQ-16 without its task 6 (files from a computer to the device)', () => {
    expect(mdpq.items.map((item) => item.linkId)).toEqual(Array.from({ length: 15 }, (_, i) => `mdpq-${i + 1}`));
    expect(mdpq.items.map((item) => item.group)).toEqual([
      'basics', 'basics', 'communication', 'communication', 'dataFileStorage', 'internet', 'internet', 'calendar', 'calendar',
      'entertainment', 'entertainment', 'privacy', 'privacy', 'troubleshootingSoftware', 'troubleshootingSoftware',
    ]);
    expect(mdpq.items[4].text.en).toBe('Transfer files from the device to a computer');
    expect(mdpq.items[5].text.en).toBe('Find information about hobbies or interests online');
    expect(mdpq.items.some((item) => item.text.en === 'Transfer files from a computer to the device')).toBe(false);
    expect(mdpq.version).toBe('2.0.0');
  });

  it('scores all "never tried" as 8 and all "very easily" as 40, each subscale 1 or 5', () => {
    expect(score(all(1))).toEqual({ total: 8, band: null, subscales: Object.fromEntries(KEYS.map((k) => [k, 1])) });
    expect(score(all(5))).toEqual({ total: 40, band: null, subscales: Object.fromEntries(KEYS.map((k) => [k, 5])) });
  });

  it('averages each subscale\'s tasks, data and file storage being its one task, and sums the eight means', () => {
    // basics (5+4)/2 = 4.5, data and file storage 2, troubleshooting (1+2)/2 = 1.5, the five others 3:
    // 4.5 + 3 + 2 + 3 + 3 + 3 + 3 + 1.5 = 23.
    const result = score({ ...all(3), 'mdpq-1': 5, 'mdpq-2': 4, 'mdpq-5': 2, 'mdpq-14': 1, 'mdpq-15': 2 });
    expect(result.subscales).toEqual({
      basics: 4.5, communication: 3, dataFileStorage: 2, internet: 3, calendar: 3, entertainment: 3, privacy: 3, troubleshootingSoftware: 1.5,
    });
    expect(result.total).toBeCloseTo(23, 2);
  });

  it('is not scorable with a missing task, leaving only that subscale empty', () => {
    const { 'mdpq-5': _missing, ...answers } = all(4);
    const result = score(answers);
    expect(result).toMatchObject({ total: null, band: null });
    expect(result.subscales).toMatchObject({ dataFileStorage: null, internet: 4 });
  });

  it('rejects values that are not options, of the wrong type, or for unknown items', () => {
    expect(() => score({ 'mdpq-1': 0 })).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'mdpq-1' }));
    expect(() => score({ 'mdpq-3': 'easily' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
    expect(() => score({ 'mdpq-16': 3 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
  });
});

describe('MDPQ-16 responses (1.0.0)', () => {
  it('are read and scored with the MDPQ-16, both file transfers averaged', () => {
    expect(instrumentAt('mdpq', '1.0.0')).toBe(mdpq16);
    expect(mdpq16.items).toHaveLength(16);
    // Data and file storage (1 + 5) / 2 = 3, every other subscale 3: 24.
    const result = scoreInstrument('mdpq', { ...all(3, 16), 'mdpq-5': 1, 'mdpq-6': 5 }, '1.0.0');
    expect(result.subscales).toMatchObject({ dataFileStorage: 3, internet: 3 });
    expect(result.total).toBe(24);
  });
});
