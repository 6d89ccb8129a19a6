import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compileEagerly } from './build/compile-hints.ts';
import { screenPreloads } from './build/screen-preloads.ts';

const backend = 'http://localhost:3000';

/**
 * Chunk groups keep the first load small and cacheable. The entry (src/app/main.tsx) is tiny and
 * loads the interface (start-app) lazily, so nothing is "initial": React gets one long-lived chunk,
 * and MUI's core plus the components the shell itself uses (listed) another; MUI components used
 * only by screens stay with those screens; the data grid and ECharts get chunks of their own that
 * only lazily loaded screens import; the domain catalogue one chunk per language.
 */
const ECHARTS = 'echarts';
const chunkGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 40 },
  { name: ECHARTS, test: /node_modules[\\/](echarts|zrender)[\\/]/, includeDependenciesRecursively: false, priority: 20 },
  // The domain catalogue: one chunk per language (src/i18n/backend.ts loads only the current one).
  { name: (id: string) => /domain[\\/]src[\\/]i18n[\\/]locales[\\/]([a-z]{2})[\\/]/.exec(id)?.[1]?.replace(/^/, 'messages-') ?? null, test: /domain[\\/]src[\\/]i18n[\\/]locales[\\/]/, priority: 50 },
  { name: 'mui', test: /node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming|material[\\/](styles|utils|internal|ButtonBase|Typography|Box|Paper|SvgIcon|Portal|Modal|Popover|Menu|MenuItem|MenuList|List|ListItem|ListItemButton|ListItemIcon|ListItemText|Fade|Grow|Backdrop|Unstable_TrapFocus|transitions|Button|IconButton|CircularProgress|Snackbar|SnackbarContent|Alert|CssBaseline|GlobalStyles|Divider|AppBar|Toolbar|Drawer|Slide|Collapse|Link|Breadcrumbs|useMediaQuery|Tooltip|Popper))|@emotion|react-transition-group|stylis|hoist-non-react-statics)[\\/]/, priority: 30 },
];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every hashed asset worth compressing, once at
 * build time: the server sends them as they are (@fastify/static preCompressed) instead of
 * compressing each answer at the fast levels a per-request compression can afford (brotli 11 is
 * 10–15 % smaller than the server's quality 4 on the JavaScript).
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'geria-precompress-assets',
    apply: 'build',
    configResolved(config) { outDir = path.resolve(config.root, config.build.outDir); },
    async closeBundle() {
      const assets = path.join(outDir, 'assets');
      for (const name of await readdir(assets)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const body = await readFile(path.join(assets, name));
        if (body.length < 1024) continue;
        await writeFile(path.join(assets, `${name}.br`), await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        await writeFile(path.join(assets, `${name}.gz`), await gzip(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // The modules src/app/main.tsx imports for a signed-in page, and the screens it preloads.
    screenPreloads({ loaders: 'src/app/router/screen-loaders.ts', shell: ['src/app/theme.ts', 'src/app/start-app.tsx'] }),
    // A chart's first drawing ran most of ECharts for the first time, each function compiled on the
    // main thread as it was first called (~130 ms on a desktop, cold); compiled as the chunk loads,
    // it takes half that. Only ECharts: React's and MUI's chunks compiled eagerly as well did not
    // help, side by side (they arrive while the page starts).
    compileEagerly([ECHARTS]),
    precompressAssets(),
  ],
  // The locale-data worker (src/lib/format.ts) is a module, as the page's own scripts.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph bench/web-size.ts follows from the entry.
    manifest: true,
    rolldownOptions: {
      // The app (index.html) and the script of the server-rendered sign-in page, which the server
      // finds in the manifest (packages/server/src/app.ts): a few kB, nothing of React or MUI.
      input: { index: path.resolve(import.meta.dirname, 'index.html'), 'login-page': path.resolve(import.meta.dirname, 'src/login/login-page.ts') },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: {
    proxy: { '/api': backend, '/fhir': backend, '/auth': backend },
  },
});
