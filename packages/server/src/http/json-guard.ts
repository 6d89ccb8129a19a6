/**
 * What PostgreSQL cannot store or what would exhaust the stack further in: a NUL character
 * (text and jsonb refuse 0x00), a lone UTF-16 surrogate (jsonb refuses it), and nesting deeper
 * than any resource of this product needs. Checked once at the edge, before any handler sees the
 * body, so every write endpoint answers 400 naming the field instead of failing in the database.
 */
export const MAX_JSON_DEPTH = 64;

export type UnsafeJsonProblem = 'nul' | 'surrogate' | 'depth';

export interface UnsafeJson {
  /** Dotted path of the offending member, e.g. `entry.0.resource.valueString`. */
  path: string;
  problem: UnsafeJsonProblem;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function stringProblem(text: string): UnsafeJsonProblem | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

/** The first unsafe member of a parsed JSON value, walked without recursion (depth is what is checked). */
export function findUnsafeJson(root: unknown): UnsafeJson | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = stringProblem(value);
      if (problem) return { path: path.join('.'), problem };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) return { path: path.join('.'), problem: 'depth' };
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, child] of entries) {
      const keyProblem = stringProblem(key);
      if (keyProblem) return { path: [...path, key].join('.'), problem: keyProblem };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/** The catalogue key of each problem (core.json `validation.*`). */
export const unsafeJsonCode: Record<UnsafeJsonProblem, string> = {
  nul: 'validation.nulCharacter',
  surrogate: 'validation.invalidCharacter',
  depth: 'validation.tooDeep',
};
