import { HTTP_TIMEOUT_MS, REQUEST_WAIT_POLL_MS } from '@geria/domain';
import { parse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { ApiError } from './api-error.ts';

/** What the HTTP client needs from the session; kept narrow so tests can fake it. */
export interface AuthPort {
  /** The current access token, or null without a session. */
  token(): string | null;
  /** True while a token renewal runs: requests wait for it. */
  refreshing(): boolean;
  /** Renews the token once; false when that failed. */
  renew(): Promise<boolean>;
  /** Ends the session (Session Expired). */
  expire(): void;
}

export interface HttpClientOptions {
  baseUrl: string;
  /** Without it, requests are anonymous (configuration, sign-in interaction). */
  auth?: AuthPort;
  contentType?: string;
  /** Content type of PATCH bodies (JSON Patch on the health-data repository). */
  patchContentType?: string;
  /** `cache` mode of GET requests. */
  getCache?: RequestCache;
  timeoutMs?: number;
  pollMs?: number;
  fetch?: typeof fetch;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates and types the response body. */
  schema?: $ZodType<T>;
}

type MethodOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export interface HttpClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: MethodOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: MethodOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: MethodOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: MethodOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: MethodOptions<T>): Promise<T>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!/[/+]json\b/.test(type)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A fetch wrapper with JSON bodies, a bearer token on every authenticated request, a time-out
 * (`errors.timeout`), waiting while the token is being renewed, and one renewal on a 401.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const {
    baseUrl, auth, contentType = 'application/json', patchContentType = contentType, getCache,
    timeoutMs = HTTP_TIMEOUT_MS, pollMs = REQUEST_WAIT_POLL_MS,
  } = options;
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);

  async function waitForRenewal(deadline: number): Promise<void> {
    while (auth?.refreshing()) {
      if (Date.now() >= deadline) throw new ApiError(0, 'errors.timeout', 'Timed out waiting for the session');
      await sleep(pollMs);
    }
  }

  async function send(url: string, init: RequestInit, deadline: number, signal?: AbortSignal): Promise<Response> {
    await waitForRenewal(deadline);
    const headers = new Headers(init.headers);
    if (auth) {
      const token = auth.token();
      if (!token) throw new ApiError(401, 'errors.unauthorized', 'No session');
      headers.set('Authorization', `Bearer ${token}`);
    }
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), Math.max(0, deadline - Date.now()));
    try {
      return await doFetch(url, {
        ...init,
        headers,
        signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
      });
    } catch (error) {
      if (timeout.signal.aborted && !signal?.aborted) throw new ApiError(0, 'errors.timeout', 'The request timed out');
      if (signal?.aborted) throw error;
      throw new ApiError(0, 'errors.internal', error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  async function request<T>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const method = opts.method ?? 'GET';
    const deadline = Date.now() + timeoutMs;
    const headers: Record<string, string> = { Accept: contentType, ...opts.headers };
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['Content-Type'] = method === 'PATCH' ? patchContentType : contentType;
      body = JSON.stringify(opts.body);
    }
    const init: RequestInit = { method, headers, body, ...(method === 'GET' && getCache ? { cache: getCache } : {}) };
    const url = buildUrl(baseUrl, path, opts.query);

    let response = await send(url, init, deadline, opts.signal);
    if (response.status === 401 && auth) {
      // The API refused the token: renew once, and end the session if that does not help.
      const renewed = await auth.renew();
      if (renewed) response = await send(url, init, Date.now() + timeoutMs, opts.signal);
      if (!renewed || response.status === 401) {
        auth.expire();
        throw new ApiError(401, 'auth.sessionExpired', 'Session Expired');
      }
    }
    const payload = await readBody(response);
    if (!response.ok) throw ApiError.fromResponse(response.status, payload, response.statusText);
    return opts.schema ? parse(opts.schema, payload) : (payload as T);
  }

  return {
    request,
    get: (path, o) => request(path, { ...o, method: 'GET' }),
    post: (path, body, o) => request(path, { ...o, method: 'POST', body }),
    put: (path, body, o) => request(path, { ...o, method: 'PUT', body }),
    patch: (path, body, o) => request(path, { ...o, method: 'PATCH', body }),
    delete: (path, o) => request(path, { ...o, method: 'DELETE' }),
  };
}
