import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@geria/domain';
import { parseScreenLoaders, staticClosure } from './screen-preloads.ts';

const loadersFile = path.resolve(import.meta.dirname, '../src/app/router/screen-loaders.ts');

describe('the routes whose chunks the server names in the page', () => {
  it('are every screen loader, each a route with a module that exists', () => {
    const source = readFileSync(loadersFile, 'utf8');
    const parsed = parseScreenLoaders(source);
    expect(Object.keys(parsed)).toHaveLength(source.match(/import\(/g)!.length);
    const routes = new Set(ROUTES.map((r) => r.name));
    for (const name of Object.keys(parsed)) expect(routes.has(name), name).toBe(true);
    for (const file of Object.values(parsed)) expect(existsSync(path.resolve(path.dirname(loadersFile), file)), file).toBe(true);
    expect(parsed['Patient.Assessments']).toBe('../../features/assessments/pages/AssessmentsPage.tsx');
  });
});

describe("a module's static closure", () => {
  const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null, isEntry = false) =>
    ({ type: 'chunk' as const, fileName, imports, facadeModuleId, isEntry });
  const chunks = [
    chunk('index.js', ['react.js'], '/src/main.tsx', true),
    chunk('Page.js', ['shared.js', 'react.js'], '/src/Page.tsx'),
    chunk('shared.js', ['react.js', 'index.js']),
    chunk('react.js', []),
  ];

  it("lists the module's chunk first, then what it imports, each once, leaving out the page's entry", () => {
    expect(staticClosure(chunks, ['/src/Page.tsx'])).toEqual(['Page.js', 'shared.js', 'react.js']);
  });

  it('refuses a module the bundle has no chunk for (a renamed page would otherwise preload nothing)', () => {
    expect(() => staticClosure(chunks, ['/src/Gone.tsx'])).toThrow(/no chunk for \/src\/Gone.tsx/);
  });
});
