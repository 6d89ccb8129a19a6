import { describe, expect, it } from 'vitest';
import { scoreInstrument } from './score.ts';

const score = (level: number) => scoreInstrument('dexterity', { 'dexterity-1': level });

describe('dexterity', () => {
  it('scores the level itself, minimum and maximum', () => {
    expect(score(1)).toEqual({ total: 1, band: 'eligible' });
    expect(score(6)).toEqual({ total: 6, band: 'excluded' });
  });

  it('keeps level 4 eligible and excludes from level 5', () => {
    expect(score(4).band).toBe('eligible');
    expect(score(5).band).toBe('excluded');
  });

  it('is not scorable without an answer', () => {
    expect(scoreInstrument('dexterity', {})).toEqual({ total: null, band: null });
  });

  it('rejects invalid answers', () => {
    expect(() => score(7)).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'dexterity-1' }));
    expect(() => scoreInstrument('dexterity', { 'dexterity-1': '4' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
    expect(() => scoreInstrument('dexterity', { 'dexterity-2': 1 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
  });
});
