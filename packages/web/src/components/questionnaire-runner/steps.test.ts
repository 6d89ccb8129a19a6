import { describe, expect, it } from 'vitest';
import { getInstrument } from '@geria/domain';
import { buildSteps, isAddable, nextAddable, shownAnswers, stepProblems, visibleItems } from './steps.ts';

const def = (id: string) => getInstrument(id)!;
const item = (id: string, linkId: string) => def(id).items.find((i) => i.linkId === linkId)!;

describe('runner steps', () => {
  it('makes one step per ungrouped item and one per group, in definition order', () => {
    expect(buildSteps(def('phq9'), new Set()).map((s) => s.key)).toEqual(def('phq9').items.map((i) => i.linkId));
    const ghabp = buildSteps(def('ghabp'), new Set());
    expect(ghabp.map((s) => s.title?.en)).toEqual(['Television', 'Background noise', 'Busy street', 'Several people']);
    expect(ghabp.every((s) => s.items.length === 7)).toBe(true);
  });

  it('leaves out items that repeat the previous one under another number until they are added', () => {
    expect(isAddable(def('psfs'), item('psfs', 'psfs-2'))).toBe(true);
    expect(isAddable(def('psfs'), item('psfs', 'psfs-1'))).toBe(false);
    expect(isAddable(def('phq9'), item('phq9', 'phq9-10'))).toBe(false);
    expect(isAddable(def('mnasf'), item('mnasf', 'mnasf-7'))).toBe(false);
    expect(buildSteps(def('psfs'), new Set()).map((s) => s.key)).toEqual(['psfs-1']);
    expect(buildSteps(def('psfs'), new Set(['psfs-2'])).map((s) => s.key)).toEqual(['psfs-1', 'psfs-2']);
    expect(nextAddable(def('psfs'), new Set(['psfs-2']))?.linkId).toBe('psfs-3');
    expect(nextAddable(def('phq9'), new Set())).toBeUndefined();
  });

  it('asks a GHABP situation only when it happens in the patient\'s life, and drops the answers it hides', () => {
    const [television] = buildSteps(def('ghabp'), new Set());
    expect(visibleItems(television, {})).toHaveLength(7);
    expect(visibleItems(television, { 'ghabp-s1-applies': false }).map((i) => i.linkId)).toEqual(['ghabp-s1-applies']);
    const steps = buildSteps(def('ghabp'), new Set());
    expect(shownAnswers(steps, { 'ghabp-s1-applies': false, 'ghabp-s1-q1': 3, 'ghabp-s2-applies': true, 'ghabp-s2-q1': 2 }))
      .toEqual({ 'ghabp-s1-applies': false, 'ghabp-s2-applies': true, 'ghabp-s2-q1': 2 });
  });

  it('reports invalid answers at once and missing required answers when asked', () => {
    const [first] = buildSteps(def('godin'), new Set());
    expect(stepProblems(def('godin'), first, {}, false).size).toBe(0);
    expect(stepProblems(def('godin'), first, {}, true).get('godin-1')).toEqual({ key: 'runner.required' });
    expect(stepProblems(def('godin'), first, { 'godin-1': 60 }, false).get('godin-1')).toEqual({
      key: 'messages:questionnaire.answerError.out-of-range', params: expect.objectContaining({ linkId: 'godin-1', min: 0, max: 50, value: '60' }),
    });
    const [television] = buildSteps(def('ghabp'), new Set());
    // Every question of a situation is optional: only its gate must be answered.
    expect([...stepProblems(def('ghabp'), television, {}, true).keys()]).toEqual(['ghabp-s1-applies']);
  });
});
