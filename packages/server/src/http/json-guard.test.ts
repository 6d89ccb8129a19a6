import { describe, expect, it } from 'vitest';
import { findUnsafeJson, MAX_JSON_DEPTH, stringProblem } from './json-guard.ts';

const nested = (depth: number): unknown => { let v: unknown = 'x'; for (let i = 0; i < depth; i++) v = [v]; return v; };

describe('unsafe JSON at the edge', () => {
  it('finds a NUL character and names its path', () => {
    expect(findUnsafeJson({ name: { given: ['Ann', 'B\u0000b'] } })).toEqual({ path: 'name.given.1', problem: 'nul' });
  });

  it('finds lone surrogates, high or low, but accepts paired ones (emoji)', () => {
    expect(stringProblem('\ud800')).toBe('surrogate');
    expect(stringProblem('a\udc00')).toBe('surrogate');
    expect(stringProblem('\ud800x')).toBe('surrogate');
    expect(stringProblem('ok 😀 ok')).toBeNull();
    expect(findUnsafeJson({ unit: 'mmHg', valueString: 'x\ud83d' })).toEqual({ path: 'valueString', problem: 'surrogate' });
  });

  it('checks member names as well as values', () => {
    expect(findUnsafeJson({ 'a\u0000': 1 })).toEqual({ path: 'a\u0000', problem: 'nul' });
  });

  it('accepts nesting up to the limit and refuses one level more, without recursion', () => {
    expect(findUnsafeJson(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(findUnsafeJson(nested(MAX_JSON_DEPTH + 1))?.problem).toBe('depth');
    expect(findUnsafeJson(nested(100_000))?.problem).toBe('depth');
  });

  it('accepts ordinary clinical JSON', () => {
    expect(findUnsafeJson({ resourceType: 'Observation', valueQuantity: { value: 1e308, unit: 'kg' }, note: [{ text: 'Σημείωση' }], ok: true, n: null })).toBeNull();
  });
});
