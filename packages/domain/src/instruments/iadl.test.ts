import { describe, expect, it } from 'vitest';
import { without } from './answers.fixture.ts';
import { scoreInstrument } from './score.ts';

const score = (answers: object) => scoreInstrument('iadl', answers);
const independent = { 'iadl-1': 1, 'iadl-2': 1, 'iadl-3': 1, 'iadl-4': 1, 'iadl-5': 1, 'iadl-6': 1, 'iadl-7': 1, 'iadl-8': 1 };
/** The last option code of each domain: all score 0. */
const dependent = { 'iadl-1': 4, 'iadl-2': 4, 'iadl-3': 4, 'iadl-4': 5, 'iadl-5': 3, 'iadl-6': 5, 'iadl-7': 3, 'iadl-8': 3 };

describe('Lawton IADL', () => {
  it('scores 8 when independent in every domain and 0 when dependent in every domain', () => {
    expect(score(independent)).toEqual({ total: 8, band: null });
    expect(score(dependent)).toEqual({ total: 0, band: null });
  });

  it.each([
    ['iadl-1', [1, 1, 1, 0]],
    ['iadl-2', [1, 0, 0, 0]],
    ['iadl-3', [1, 0, 0, 0]],
    ['iadl-4', [1, 1, 1, 1, 0]],
    ['iadl-5', [1, 1, 0]],
    ['iadl-6', [1, 1, 1, 0, 0]],
    ['iadl-7', [1, 0, 0]],
    ['iadl-8', [1, 1, 0]],
  ])('maps the option codes of %s to the Lawton scores %j', (linkId, scores) => {
    scores.forEach((points, i) => {
      expect(score({ ...dependent, [linkId]: i + 1 }).total).toBe(points);
    });
  });

  it('is not scorable when a domain is missing', () => {
    expect(score(without(independent, 'iadl-8'))).toEqual({ total: null, band: null });
  });

  it('rejects invalid answers', () => {
    expect(() => score({ 'iadl-9': 1 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'iadl-5': 4 })).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'iadl-5' }));
    expect(() => score({ 'iadl-1': 0 })).toThrow(expect.objectContaining({ reason: 'not-an-option' }));
    expect(() => score({ 'iadl-1': true })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
  });
});
