import { describe, expect, it } from 'vitest';
import { buildObservationBundle } from './observation-ops.ts';
import { audiogramFromObservation, audiogramInputSchema, audiogramItem } from './participants-audiogram.ts';
import { toFhirObservation } from './observation-builder.ts';

const audiogram = audiogramInputSchema.parse({ date: '2026-11-01', left: { 500: 20, 4000: 60 }, right: { 1000: 15 } });

describe('audiogram', () => {
  it('becomes one Observation with a dB HL component per measured threshold', () => {
    const observation = toFhirObservation(audiogramItem('p1', audiogram));
    expect(observation.component).toHaveLength(3);
    expect(observation.component![0]).toMatchObject({ valueQuantity: { value: 20, unit: 'dB HL', code: 'dB[HL]' } });
    expect(audiogramFromObservation(observation)).toEqual(audiogram);
  });

  it('is written with the write-operation rule: POST when new, DELETE when emptied', () => {
    const created = buildObservationBundle([audiogramItem('p1', audiogram)]);
    expect(created.ok && created.bundle.entry.map((e) => e.request.method)).toEqual(['POST']);
    const emptied = { ...audiogramItem('p1', audiogram, { id: 'a1' }), components: [] };
    const deleted = buildObservationBundle([emptied]);
    expect(deleted.ok && deleted.bundle.entry.map((e) => e.request)).toEqual([{ method: 'DELETE', url: 'Observation/a1' }]);
  });

  it('rejects an audiogram without any threshold and values outside −10…120 dB HL', () => {
    expect(audiogramInputSchema.safeParse({ date: '2026-11-01', left: {}, right: {} }).success).toBe(false);
    expect(audiogramInputSchema.safeParse({ date: '2026-11-01', left: { 500: 125 }, right: {} }).success).toBe(false);
  });
});
