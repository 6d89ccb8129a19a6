import { describe, expect, it } from 'vitest';
import { UK_CROSSWALK } from './eq5d5l-crosswalk-uk.ts';
import { defaultEq5dValueSets, eq5dIndex, type Eq5dValueSet } from './eq5d5l-value-sets.ts';
import { scoreInstrument } from './score.ts';

const profileAnswers = (profile: string, vas?: number) => ({
  ...Object.fromEntries([...profile].map((level, i) => [`eq5d5l-${i + 1}`, Number(level)])),
  ...(vas === undefined ? {} : { 'eq5d5l-vas': vas }),
});
const score = (answers: object) => scoreInstrument('eq5d5l', answers);

/** Anchors of the catalogue §12 (fragla/eq5d tests), exact at 3 decimals. */
const anchors: [Eq5dValueSet, string, number][] = [
  ['FR', '11111', 1], ['FR', '55555', -0.525], ['FR', '22222', 0.85], ['FR', '33333', 0.768], ['FR', '44444', 0.028], ['FR', '54321', 0.441],
  ['IT', '11111', 1], ['IT', '55555', -0.571], ['IT', '11211', 0.95], ['IT', '12345', 0.215],
  ['PT', '11111', 1], ['PT', '55555', -0.603], ['PT', '11112', 0.964], ['PT', '11121', 0.959], ['PT', '14235', 0.415], ['PT', '33333', 0.589], ['PT', '44444', 0.061],
  ['ES', '11111', 1], ['ES', '55555', -0.416], ['ES', '21111', 0.916], ['ES', '12111', 0.95], ['ES', '11211', 0.956], ['ES', '11121', 0.922], ['ES', '11112', 0.919],
  ['EN', '11111', 1], ['EN', '55555', -0.285], ['EN', '23245', 0.247], ['EN', '11112', 0.922], ['EN', '11121', 0.937], ['EN', '11211', 0.95], ['EN', '12111', 0.95], ['EN', '21111', 0.942],
  ['UK-CW', '11111', 1], ['UK-CW', '11221', 0.795], ['UK-CW', '44441', 0.226], ['UK-CW', '44525', 0.004], ['UK-CW', '55555', -0.594],
];

describe('EQ-5D-5L', () => {
  it.each(anchors)('%s index of %s is %d', (valueSet, profile, expected) => {
    expect(eq5dIndex(profile, valueSet)).toBe(expected);
  });

  it('holds the 3125 crosswalk values, from 11111 = 1 to 55555 = -0.594', () => {
    expect(UK_CROSSWALK).toHaveLength(3125);
    expect(UK_CROSSWALK[0]).toBe(1);
    expect(UK_CROSSWALK[3124]).toBe(-0.594);
    expect(eq5dIndex('11112', 'UK-CW')).toBe(0.879);
  });

  it('reports profile, level sum, VAS and every index for the best state', () => {
    expect(score(profileAnswers('11111', 90))).toEqual({
      total: 5,
      band: null,
      subscales: { profile: '11111', levelSumScore: 5, vas: 90 },
      index: { FR: 1, IT: 1, PT: 1, ES: 1, EN: 1, 'UK-CW': 1 },
    });
  });

  it('reports the worst state with its published values', () => {
    const result = score(profileAnswers('55555', 0));
    expect(result.total).toBe(25);
    expect(result.subscales).toEqual({ profile: '55555', levelSumScore: 25, vas: 0 });
    expect(result.index).toEqual({ FR: -0.525, IT: -0.571, PT: -0.603, ES: -0.416, EN: -0.285, 'UK-CW': -0.594 });
  });

  it('keeps the profile in dimension order', () => {
    expect(score(profileAnswers('12345')).subscales).toMatchObject({ profile: '12345', levelSumScore: 15, vas: null });
  });

  it('has no profile or index when a dimension is missing, but keeps the VAS', () => {
    const answers = { ...profileAnswers('1111'), 'eq5d5l-vas': 70 };
    expect(score(answers)).toEqual({ total: null, band: null, subscales: { profile: null, levelSumScore: null, vas: 70 } });
  });

  it('rejects invalid answers', () => {
    expect(() => score({ 'eq5d5l-6': 1 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'eq5d5l-1': 6 })).toThrow(expect.objectContaining({ reason: 'not-an-option' }));
    expect(() => score({ 'eq5d5l-vas': 101 })).toThrow(expect.objectContaining({ reason: 'out-of-range' }));
    expect(() => score({ 'eq5d5l-2': '1' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
    expect(() => eq5dIndex('1234', 'EN')).toThrow(RangeError);
  });

  it.each([
    ['FR', 'FR', []], ['IT', 'IT', []], ['PT', 'PT', []], ['ES', 'ES', []],
    ['GR', 'EN', ['UK-CW']], ['RO', 'EN', ['UK-CW']], ['GB', 'EN', ['UK-CW']], ['fr', 'FR', []],
  ])('defaults the value set of country %s to %s', (country, primary, alongside) => {
    expect(defaultEq5dValueSets(country)).toEqual({ primary, alongside });
  });
});
