import { describe, expect, it } from 'vitest';
import { getInstrument, scoreInstrument } from '@geria/domain';
import { derivedObservations } from './derived-observations.ts';

const context = { subject: 'Patient/p1', effective: '2026-11-01T10:00:00Z', derivedFrom: 'urn:uuid:r1' };
const codes = (observations: { code: { coding: { code: string }[] } }[]) => observations.map((o) => o.code.coding[0].code);

describe('observations derived from a score', () => {
  it('records the total with its band, and each subscale', () => {
    const def = getInstrument('hama')!;
    const answers = Object.fromEntries(def.items.map((item) => [item.linkId, 2]));
    const observations = derivedObservations(def, scoreInstrument('hama', answers), context);
    expect(codes(observations)).toEqual(['hama', 'hama.psychic', 'hama.somatic']);
    expect(observations[0]).toMatchObject({ valueQuantity: { value: 28 }, interpretation: [{ coding: [{ code: expect.any(String) }] }], derivedFrom: [{ reference: 'urn:uuid:r1' }] });
    expect(observations[1]).not.toHaveProperty('interpretation');
    expect(observations[0]).not.toHaveProperty('encounter');
  });

  it('records each RGA part with its own band and skips the parts that are not scorable', () => {
    const def = getInstrument('rga')!;
    const answers = { 'frail-1': true, 'frail-2': false, 'frail-3': false, 'frail-4': false, 'frail-5': true };
    const observations = derivedObservations(def, scoreInstrument('rga', answers), { ...context, encounter: 'Encounter/e1' });
    expect(codes(observations)).toEqual(['rga.frail']);
    expect(observations[0]).toMatchObject({ valueQuantity: { value: 2 }, interpretation: [{ coding: [{ code: 'prefrail', display: 'Pre-frail' }] }], encounter: { reference: 'Encounter/e1' } });
  });

  it('records texts as strings and every EQ-5D-5L index value', () => {
    const def = getInstrument('eq5d5l')!;
    const answers = Object.fromEntries(def.items.map((item) => [item.linkId, item.type === 'choice' ? 1 : 80]));
    const score = scoreInstrument('eq5d5l', answers);
    const observations = derivedObservations(def, score, context);
    expect(observations.find((o) => o.code.coding[0].code === 'eq5d5l.profile')).toMatchObject({ valueString: '11111' });
    expect(codes(observations).filter((c) => c.startsWith('eq5d5l.index.'))).toEqual(Object.keys(score.index!).map((set) => `eq5d5l.index.${set}`));
  });
});
