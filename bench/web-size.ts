import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Initial JavaScript of the SPA: the entry script of index.html plus every chunk it preloads,
 * gzip-compressed, against the 300 KB budget. Lazily loaded screen chunks are listed separately.
 */
const dist = path.resolve('packages/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('packages/web/dist is missing: run `npm run build` first');
  process.exit(1);
}
const html = await readFile(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]);
const gzipSize = async (file: string) => gzipSync(await readFile(path.join(dist, file.replace(/^\//, '')))).length;
let initialBytes = 0;
for (const file of initial) initialBytes += await gzipSize(file);
const { readdir } = await import('node:fs/promises');
const all = (await readdir(path.join(dist, 'assets'))).filter((f) => f.endsWith('.js'));
const lazy = await Promise.all(all.filter((f) => !initial.some((i) => i.endsWith(f))).map(async (f) => ({ file: f, gzipKB: +(await gzipSize(`assets/${f}`) / 1024).toFixed(1) })));
const result = {
  name: 'web initial JavaScript (gzip)',
  initialFiles: initial,
  initialKB: +(initialBytes / 1024).toFixed(1),
  budgetKB: 300,
  withinBudget: initialBytes / 1024 < 300,
  largestLazyChunks: lazy.sort((a, b) => b.gzipKB - a.gzipKB).slice(0, 8),
};
console.log(JSON.stringify(result, null, 2));
