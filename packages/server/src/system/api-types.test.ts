import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypes } from '../../scripts/api-types.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
// The same public URL as the generating script (scripts/openapi.ts), so that the documents are the same.
beforeAll(async () => { ctx = await createTestContext({ PUBLIC_URL: 'http://localhost:8080' }); }, 120_000);
afterAll(async () => { await ctx?.close(); });

describe('the web app\'s API types', () => {
  it('are what the server\'s OpenAPI document generates (run `npm run api:types` after changing an answer)', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const committed = await readFile(API_TYPES_FILE, 'utf8');
    // Compared line by line, so that a failure names the operations that drifted.
    expect(committed.split('\n')).toEqual((await apiTypes(doc)).split('\n'));
  }, 120_000);
});
