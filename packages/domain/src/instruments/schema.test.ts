import { describe, expect, it } from 'vitest';
import { answerSchema } from './schema.ts';
import { sampleDef } from './sample-instrument.fixture.ts';

describe('answerSchema', () => {
  const schema = answerSchema(sampleDef);

  it('accepts valid, partial answer sets', () => {
    expect(schema.safeParse({ 'sample-1': 1, 'sample-3': 20, 'sample-6': 'abc' }).success).toBe(true);
    expect(schema.safeParse({}).success).toBe(true);
  });

  it.each([
    { 'sample-0': 1 },
    { 'sample-1': 5 },
    { 'sample-2': 'yes' },
    { 'sample-3': 25 },
    { 'sample-4': 1.5 },
    { 'sample-5': 3 },
    { 'sample-6': 'abcdef' },
  ])('rejects %j', (answers) => {
    expect(schema.safeParse(answers).success).toBe(false);
  });
});
