import { cp, readFile, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

/**
 * Compiles the server once for production (`npm start`): one ESM file, with the domain package's
 * TypeScript bundled in and every npm dependency left to node_modules. The SQL migrations go beside
 * it (migrate.ts reads them next to itself); the web app stays in packages/web/dist.
 */
const root = new URL('../', import.meta.url);
const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8')) as { dependencies: Record<string, string> };
const external = [...Object.keys(pkg.dependencies), ...builtinModules, ...builtinModules.map((m) => `node:${m}`)]
  // Packages are external with their subpaths (e.g. oidc-provider/lib/...).
  .flatMap((name) => [name, `${name}/*`]);

await rm(new URL('dist/', root), { recursive: true, force: true });
await build({
  entryPoints: [new URL('src/main.ts', root).pathname],
  outfile: new URL('dist/main.js', root).pathname,
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
await cp(new URL('src/db/migrations/', root), new URL('dist/migrations/', root), { recursive: true });
console.log('server built: packages/server/dist/main.js');
