import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Initial JavaScript of the SPA, gzip-compressed, against the 300 KB budget. The entry
 * (src/app/main.tsx) is small and loads one of two things at once: the interface (start-app) for a
 * signed-in visitor or a public page, or the OIDC client alone (sign-in-first) for a visitor who must
 * sign in. Both sets are followed through the build manifest's static imports. Lazily loaded screen
 * chunks are listed separately.
 */
const dist = path.resolve('packages/web/dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error('packages/web/dist is missing: run `npm run build` first');
  process.exit(1);
}
type Chunk = { file: string; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, Chunk>;
const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
};
const files = (keys: Set<string>) => [...keys].map((k) => manifest[k]!.file);
const entry = 'src/app/main.tsx';
const interfaceFiles = files(closure([entry, 'src/app/start-app.tsx']));
const signInFiles = files(closure([entry, 'src/app/sign-in-first.ts']));
const gzipSize = async (file: string) => gzipSync(await readFile(path.join(dist, file))).length;
const total = async (list: string[]) => (await Promise.all(list.map(gzipSize))).reduce((a, b) => a + b, 0);
const initialBytes = await total(interfaceFiles);
const all = (await readdir(path.join(dist, 'assets'))).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
const lazy = await Promise.all(all.filter((f) => !interfaceFiles.includes(f)).map(async (f) => ({ file: f, gzipKB: +(await gzipSize(f) / 1024).toFixed(1) })));
const result = {
  name: 'web initial JavaScript (gzip)',
  initialFiles: interfaceFiles,
  initialKB: +(initialBytes / 1024).toFixed(1),
  signInFirstKB: +(await total(signInFiles) / 1024).toFixed(1),
  budgetKB: 300,
  withinBudget: initialBytes / 1024 < 300,
  largestLazyChunks: lazy.sort((a, b) => b.gzipKB - a.gzipKB).slice(0, 8),
};
console.log(JSON.stringify(result, null, 2));
