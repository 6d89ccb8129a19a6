import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveRoute } from '@geria/domain';
import { z } from 'zod';

/** The configuration as a JSON data block (never executed, so the CSP allows it), `<` escaped. */
export function withInlineConfig(html: string, webConfig: object): string {
  const json = JSON.stringify(webConfig).replace(/</g, '\\u003c');
  return html.replace('</head>', `<script id="geria-config" type="application/json">${json}</script></head>`);
}

/** What the web build writes for each route (packages/web/build/screen-preloads.ts). */
const screenPreloads = z.object({ shell: z.array(z.string()), screens: z.record(z.string(), z.array(z.string())) });
const SCREEN_PRELOADS_FILE = path.join('.vite', 'screen-preloads.json');

const preloadLinks = (files: readonly string[]) =>
  files.map((file) => `<link rel="modulepreload" crossorigin href="/${encodeURI(file)}">`).join('');

/**
 * The SPA's page for a path: the build's index.html with the configuration and, when the build
 * lists them, `modulepreload` links for the interface's chunks and the route's screen. The browser
 * starts those downloads while it reads the page, and the app's script finds the links in place
 * instead of adding them itself (on a phone that was one long task before anything showed). One
 * page per route name, built on first use.
 */
export function webPages(webDist: string, webConfig: object): (url: string) => string {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const listFile = path.join(webDist, SCREEN_PRELOADS_FILE);
  if (!existsSync(listFile)) {
    const page = withInlineConfig(html, webConfig);
    return () => page;
  }
  const preloads = screenPreloads.parse(JSON.parse(readFileSync(listFile, 'utf8')));
  const pages = new Map<string, string>();
  return (url) => {
    const name = resolveRoute(url.split(/[?#]/, 1)[0]!)?.name ?? '';
    let page = pages.get(name);
    if (page === undefined) {
      const links = preloadLinks([...preloads.shell, ...preloads.screens[name] ?? []]);
      page = withInlineConfig(html.replace('</head>', `${links}</head>`), webConfig);
      pages.set(name, page);
    }
    return page;
  };
}
