import { describe, expect, it } from 'vitest';
import { entriesAbout } from './about.ts';

describe('the entries of an analysis about one participant', () => {
  it('finds every object naming them, however deep, and nothing about others', () => {
    const result = {
      type: 'kmeans', n: 3,
      points: [{ participantId: 'a', cluster: 1 }, { participantId: 'b', cluster: 2 }],
      nested: { participants: [{ participantId: 'a', declines: ['vitality'], series: [{ participantId: 'a', at: 1 }] }] },
    };
    expect(entriesAbout(result, 'a')).toEqual([{ participantId: 'a', cluster: 1 }, result.nested.participants[0]]);
    expect(entriesAbout(result, 'c')).toEqual([]);
    expect(entriesAbout(null, 'a')).toEqual([]);
  });
});
