import { describe, expect, it } from 'vitest';
import { isActiveAdverseEvent, latestScores, type ScoredResponse } from './participant-summary.ts';

const r = (instrument: string, authored: string, total: number | null, encounterId: string | null = null, band: string | null = null): ScoredResponse =>
  ({ instrument, authored, total, encounterId, band });

describe('latestScores', () => {
  it('gives the latest total and band with the change since the baseline assessment', () => {
    const lines = latestScores([
      r('gds15', '2026-03-01', 9, 'e2', 'moderate'), r('gds15', '2026-01-01', 4, 'e1', 'normal'), r('gds15', '2026-02-01', 6, null, 'mild'),
    ], 'e1', ['gds15']);
    expect(lines).toEqual([{ instrument: 'gds15', total: 9, band: 'moderate', authored: '2026-03-01', baselineTotal: 4, change: 5 }]);
  });

  it('measures from the earliest response when the instrument was not given at baseline', () => {
    const [line] = latestScores([r('phq9', '2026-05-01', 3, 'e3'), r('phq9', '2026-04-01', 7, 'e2')], 'e1', []);
    expect(line).toMatchObject({ baselineTotal: 7, change: -4 });
  });

  it('has no change for a single response or an unscorable total', () => {
    expect(latestScores([r('phq9', '2026-04-01', 7, 'e1')], 'e1', [])[0]).toMatchObject({ baselineTotal: null, change: null });
    expect(latestScores([r('phq9', '2026-05-01', null, 'e2'), r('phq9', '2026-04-01', 7, 'e1')], 'e1', [])[0]).toMatchObject({ total: null, baselineTotal: 7, change: null });
  });

  it('orders instruments as the catalogue does, unknown ones last', () => {
    const lines = latestScores([r('zeta', '2026-01-01', 1), r('phq9', '2026-01-01', 1), r('gds15', '2026-01-01', 1)], null, ['gds15', 'phq9']);
    expect(lines.map((l) => l.instrument)).toEqual(['gds15', 'phq9', 'zeta']);
  });
});

describe('isActiveAdverseEvent', () => {
  it('lists events not known to be over', () => {
    expect(isActiveAdverseEvent({ outcome: 'ongoing' })).toBe(true);
    expect(isActiveAdverseEvent({ outcome: 'unknown' })).toBe(true);
    expect(isActiveAdverseEvent({ outcome: 'resolved' })).toBe(false);
    expect(isActiveAdverseEvent({ outcome: 'fatal' })).toBe(false);
  });
});
