import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => { vi.restoreAllMocks(); });

describe('zod in the page', () => {
  it('parses without evaluating code, which the Content-Security-Policy forbids', async () => {
    const evaluated = vi.spyOn(globalThis, 'Function');
    await import('./zod-jitless.ts');
    const { z } = await import('zod');
    // An object schema: what zod compiles with `new Function` where it may.
    const search = z.object({ q: z.string(), page: z.number() });
    expect(search.parse({ q: 'Erminia', page: 2 })).toEqual({ q: 'Erminia', page: 2 });
    expect(evaluated).not.toHaveBeenCalled();
  });
});
