import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createHttpClient, type AuthPort } from './http.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeAuth(overrides: Partial<AuthPort> = {}): AuthPort {
  return { token: () => 'token-1', refreshing: () => false, renew: async () => true, expire: vi.fn(), ...overrides };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createHttpClient', () => {
  it('sends the bearer token and a JSON body under the base URL', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true }));
    const client = createHttpClient({ baseUrl: '/api/v1', auth: fakeAuth(), fetch });
    await expect(client.post('/things', { a: 1 }, { query: { page: 2, q: undefined } })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/things?page=2');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('turns an error body into an ApiError with its code, message and details', async () => {
    const body = { error: { code: 'UPDATE.Message_113', message: 'Fill Dexterity first', details: { field: 'x' } } };
    const client = createHttpClient({ baseUrl: '/api/v1', auth: fakeAuth(), fetch: async () => json(422, body) });
    const error = await client.get('/p').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'UPDATE.Message_113', message: 'Fill Dexterity first', details: { field: 'x' } });
  });

  it('gives a catalogue code by status when the failure has no error body', async () => {
    const client = createHttpClient({ baseUrl: '/api/v1', fetch: async () => new Response('nope', { status: 404 }) });
    await expect(client.get('/x')).rejects.toMatchObject({ status: 404, code: 'errors.notFound' });
  });

  it('fails with errors.timeout when the server does not answer in time', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn((_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const client = createHttpClient({ baseUrl: '/api/v1', auth: fakeAuth(), fetch, timeoutMs: 30_000 });
    const pending = client.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await pending).toMatchObject({ code: 'errors.timeout' });
  });

  it('waits while the token is being renewed, then sends the new token', async () => {
    vi.useFakeTimers();
    let refreshing = true;
    let token = 'old';
    const fetch = vi.fn(async () => json(200, {}));
    const client = createHttpClient({
      baseUrl: '/api/v1', fetch, pollMs: 100,
      auth: fakeAuth({ refreshing: () => refreshing, token: () => token }),
    });
    const pending = client.get('/x');
    await vi.advanceTimersByTimeAsync(250);
    expect(fetch).not.toHaveBeenCalled();
    refreshing = false;
    token = 'new';
    await vi.advanceTimersByTimeAsync(100);
    await pending;
    const init = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init[1].headers).get('Authorization')).toBe('Bearer new');
  });

  it('renews once on a 401 and replays the request', async () => {
    const responses = [json(401, {}), json(200, { ok: 1 })];
    const renew = vi.fn(async () => true);
    const client = createHttpClient({ baseUrl: '/api/v1', auth: fakeAuth({ renew }), fetch: async () => responses.shift()! });
    await expect(client.get('/x')).resolves.toEqual({ ok: 1 });
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('ends the session when renewal after a 401 fails', async () => {
    const expire = vi.fn();
    const client = createHttpClient({ baseUrl: '/api/v1', auth: fakeAuth({ renew: async () => false, expire }), fetch: async () => json(401, {}) });
    await expect(client.get('/x')).rejects.toMatchObject({ status: 401, code: 'auth.sessionExpired' });
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the renewed token is refused too', async () => {
    const expire = vi.fn();
    const client = createHttpClient({ baseUrl: '/api/v1', auth: fakeAuth({ expire }), fetch: async () => json(401, {}) });
    await expect(client.get('/x')).rejects.toMatchObject({ code: 'auth.sessionExpired' });
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it('uses the JSON Patch content type for PATCH and no-store for GET when configured (FHIR)', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    const client = createHttpClient({
      baseUrl: '/fhir', auth: fakeAuth(), fetch,
      contentType: 'application/fhir+json', patchContentType: 'application/json-patch+json', getCache: 'no-store',
    });
    await client.patch('/Patient/1', [{ op: 'replace', path: '/active', value: true }]);
    await client.get('/Patient/1');
    const [[, patch], [, get]] = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(new Headers(patch.headers).get('Content-Type')).toBe('application/json-patch+json');
    expect(patch.cache).toBeUndefined();
    expect(get.cache).toBe('no-store');
    expect(new Headers(get.headers).get('Accept')).toBe('application/fhir+json');
  });
});
