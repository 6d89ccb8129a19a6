import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInlineConfig } from './web-page.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

/** The file beside pre-abc123.js, standing for the build's: its own content, so only it can be what is sent. */
const PRECOMPRESSED = brotliCompressSync('console.log("from the build");', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'geria-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), `<!doctype html><head><title>Geria</title></head>${'<p>x</p>'.repeat(1000)}`);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  await writeFile(path.join(dist, 'assets', 'pre-abc123.js'), `console.log(${JSON.stringify('y'.repeat(5000))});`);
  await writeFile(path.join(dist, 'assets', 'pre-abc123.js.br'), PRECOMPRESSED);
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, '.vite', 'screen-preloads.json'), JSON.stringify({
    shell: ['assets/react-1.js', 'assets/start-app-1.js'], screens: { Patients: ['assets/PatientsPage-1.js'], Patient: ['assets/PatientPage-1.js'] },
  }));
  ctx = await createTestContext({ WEB_DIST: dist, PUBLIC_URL: 'http://localhost:3000' });
});
afterAll(async () => {
  await ctx?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  ctx.app.inject({ method, url, headers: { host: 'localhost:3000', ...headers } });

describe('the web app as browsers meet it', () => {
  it('does not ask browsers to upgrade to https on a plain-http site', async () => {
    const csp = (await get('/patient')).headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('answers HEAD on history-mode routes like GET', async () => {
    expect((await get('/patient/123', {}, 'HEAD')).statusCode).toBe(200);
    expect((await get('/patient/123')).body).toContain('<title>Geria</title>');
  });

  it('keeps hashed assets a year and revalidates the page', async () => {
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses pages, assets and JSON with brotli or gzip', async () => {
    expect((await get('/assets/index-abc123.js', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    expect((await get('/patient', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    const json = await ctx.app.inject({ method: 'GET', url: '/api/v1/instruments', headers: { ...(await ctx.as('test-ccm')), 'accept-encoding': 'br' } });
    expect(json.headers['content-encoding']).toBe('br');
  });

  it('leaves answers of a few kilobytes uncompressed (they arrive as soon either way)', async () => {
    const users = await ctx.app.inject({ method: 'GET', url: '/api/v1/users', headers: { ...(await ctx.as('test-sysadmin')), 'accept-encoding': 'br, gzip' } });
    expect(users.body.length).toBeGreaterThan(1024);
    expect(users.body.length).toBeLessThan(4096);
    expect(users.headers['content-encoding']).toBeUndefined();
  });

  it("writes the web app's configuration into the page, as /api/v1/config answers it", async () => {
    const page = (await get('/patient/123')).body;
    const block = /<script id="geria-config" type="application\/json">(.*?)<\/script><\/head>/.exec(page)?.[1];
    const api = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(block && JSON.parse(block)).toEqual(api.json());
  });

  it("names the interface's chunks and the route's screen in the page, so the browser fetches them while it reads it", async () => {
    const preloaded = async (url: string) => [...(await get(url)).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const shell = ['/assets/react-1.js', '/assets/start-app-1.js'];
    expect(await preloaded('/patient?page=2')).toEqual([...shell, '/assets/PatientsPage-1.js']);
    expect(await preloaded('/patient/123')).toEqual([...shell, '/assets/PatientPage-1.js']);
    expect(await preloaded('/no-such-screen')).toEqual(shell);
  });

  it('cannot let a configured value close the data block', () => {
    const page = withInlineConfig('<head></head>', { issuer: '</script><script>alert(1)</script>' });
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(/json">(.*)<\/script>/.exec(page)![1]!)).toEqual({ issuer: '</script><script>alert(1)</script>' });
  });

  it("sends an asset's build-time brotli file as it is to a browser that accepts brotli", async () => {
    const res = await get('/assets/pre-abc123.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(PRECOMPRESSED)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a page opened under another host name to PUBLIC_URL, leaving the API alone', async () => {
    const res = await get('/patient?x=1', { host: '127.0.0.1:3000' });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('http://localhost:3000/patient?x=1');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
  });
});
