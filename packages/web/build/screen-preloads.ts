import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the server finds, for each route, the chunks its first page load needs (packages/server/src/web/page.ts). */
export const SCREEN_PRELOADS_FILE = '.vite/screen-preloads.json';

export interface ScreenPreloads {
  /** The interface's chunks (the modules the entry imports for a signed-in page), needed on every route. */
  shell: string[];
  /** By route name: the screen's chunks that the shell does not already hold. */
  screens: Record<string, string[]>;
}

/** One `Name: () => import('path')` line of screen-loaders.ts: the only form that file uses. */
const LOADER = /^\s*('[^']+'|\w+): \(\) => import\('([^']+)'\),$/gm;

/** Route name → module path (relative to the loaders' file), as screen-loaders.ts declares them. */
export function parseScreenLoaders(source: string): Record<string, string> {
  return Object.fromEntries([...source.matchAll(LOADER)].map(([, name, file]) => [name!.replace(/'/g, ''), file!]));
}

interface BundleChunk { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: string[]; isEntry: boolean }

/** The chunk of each module and the chunks it imports statically, the chunk itself first; not the page's entry, which the page loads itself. */
export function staticClosure(chunks: readonly BundleChunk[], moduleIds: readonly string[]): string[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  for (const id of moduleIds) {
    const chunk = chunks.find((c) => c.facadeModuleId === id);
    if (!chunk) throw new Error(`screen-preloads: no chunk for ${id}`);
    visit(chunk.fileName);
  }
  return [...seen].filter((file) => !byFile.get(file)?.isEntry);
}

/**
 * Writes SCREEN_PRELOADS_FILE: for every route of screen-loaders.ts, the files a first load of that
 * route needs, so that the server can name them in the page (`<link rel="modulepreload">`). The
 * browser then starts every download while it reads the page, and Vite's own preloading finds the
 * links there instead of adding ~60 of them from script, one long task on a phone's CPU.
 */
export function screenPreloads({ loaders, shell }: { loaders: string; shell: string[] }): Plugin {
  let root = '';
  return {
    name: 'geria-screen-preloads',
    apply: 'build',
    configResolved(config) { root = config.root; },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is typeof c & BundleChunk => c.type === 'chunk');
      const loadersFile = path.resolve(root, loaders);
      const shellFiles = staticClosure(chunks, shell.map((file) => path.resolve(root, file)));
      const screens = Object.fromEntries(Object.entries(parseScreenLoaders(readFileSync(loadersFile, 'utf8'))).map(([name, file]) => {
        const own = staticClosure(chunks, [path.resolve(path.dirname(loadersFile), file)]);
        return [name, own.filter((f) => !shellFiles.includes(f))];
      }));
      const preloads: ScreenPreloads = { shell: shellFiles, screens };
      this.emitFile({ type: 'asset', fileName: SCREEN_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
