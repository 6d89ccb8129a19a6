import { cp, readFile, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Compiles the server once for production (`npm start`): one ESM file, with the domain package's
 * TypeScript bundled in and every npm dependency left to node_modules. The SQL migrations go beside
 * it (migrate.ts reads them next to itself); the web app stays in packages/web/dist. An argument
 * names another output directory than packages/server/dist (tests start their own build's processes).
 */
const root = new URL('../', import.meta.url);
const out = process.argv[2] ? pathToFileURL(`${path.resolve(process.argv[2])}/`) : new URL('dist/', root);
const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8')) as { dependencies: Record<string, string> };
const external = [...Object.keys(pkg.dependencies), ...builtinModules, ...builtinModules.map((m) => `node:${m}`)]
  // Packages are external with their subpaths (e.g. oidc-provider/lib/...).
  .flatMap((name) => [name, `${name}/*`]);

await rm(out, { recursive: true, force: true });
await build({
  entryPoints: [new URL('src/main.ts', root).pathname],
  outfile: new URL('main.js', out).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external,
  sourcemap: true,
  // Bundled CommonJS helpers may call require(): give the ESM bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
await cp(new URL('src/db/migrations/', root), new URL('migrations/', out), { recursive: true });
console.log(`server built: ${path.relative(process.cwd(), new URL('main.js', out).pathname)}`);
