import type { TestContext } from './context.ts';

/**
 * A FHIR Bulk Data client written from the HL7 Bulk Data Access IG v2 ("Export" page), not from
 * Geria's code: it only knows what the IG says a server answers.
 * - Kick-off: GET [base]/$export (or Patient/$export, Group/[id]/$export) with `Accept:
 *   application/fhir+json` and `Prefer: respond-async`; success is 202 with `Content-Location`, the
 *   status URL.
 * - Status: GET the status URL; 202 "in progress" (optional `X-Progress`, and `Retry-After` the
 *   client should honour), 200 "complete" with a JSON manifest (`transactionTime`, `request`,
 *   `requiresAccessToken`, `output` [{type, url, count?}], `error` [...]), 4xx/5xx "error" with an
 *   OperationOutcome.
 * - Delete: DELETE the status URL; 202.
 * - Files: GET each url, with the access token when `requiresAccessToken` is true, `Accept:
 *   application/fhir+ndjson`; NDJSON, one resource per line, each of the item's `type`.
 * Requests go through the app in process (inject); absolute URLs from the server are mapped to paths.
 */
export interface Manifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string; count?: number }[];
  error: { type: string; url: string; count?: number }[];
}

type Headers = Record<string, string>;

export class BulkDataClient {
  /** Every Retry-After is honoured, but waited at most this long (tests). */
  constructor(private readonly ctx: TestContext, private readonly auth: Headers, private readonly maxWaitMs = 20) {}

  private path(url: string) {
    const { pathname, search } = new URL(url, this.ctx.config.publicUrl);
    return `${pathname}${search}`;
  }

  async request(method: 'GET' | 'DELETE', url: string, headers: Headers = {}) {
    const res = await this.ctx.app.inject({ method, url: this.path(url), headers: { ...this.auth, ...headers } });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  }

  /** The kick-off's raw answer. */
  kickOffResponse(path: string, headers: Headers = { accept: 'application/fhir+json', prefer: 'respond-async' }) {
    return this.request('GET', `/fhir/${path}`, headers);
  }

  /** Starts an export; answers its status URL. */
  async kickOff(path: string): Promise<string> {
    const res = await this.kickOffResponse(path);
    if (res.status !== 202) throw new Error(`kick-off ${path}: ${res.status} ${res.body}`);
    const location = res.headers['content-location'];
    if (typeof location !== 'string') throw new Error('kick-off: no Content-Location');
    return location;
  }

  /** Polls the status URL until complete; answers the manifest and the X-Progress values seen. */
  async waitForManifest(statusUrl: string, maxPolls = 2000): Promise<{ manifest: Manifest; progress: string[] }> {
    const progress: string[] = [];
    for (let i = 0; i < maxPolls; i++) {
      const res = await this.request('GET', statusUrl, { accept: 'application/json' });
      if (res.status === 200) return { manifest: JSON.parse(res.body) as Manifest, progress };
      if (res.status !== 202) throw new Error(`status: ${res.status} ${res.body}`);
      if (res.headers['x-progress']) progress.push(String(res.headers['x-progress']));
      const retryAfter = Number(res.headers['retry-after'] ?? 1);
      await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter * 1000, this.maxWaitMs)));
    }
    throw new Error('status: still in progress');
  }

  /** Downloads a file of the manifest: its resources, each line parsed. */
  async download(manifest: Manifest, item: { url: string }): Promise<Record<string, unknown>[]> {
    const res = await this.request('GET', item.url, manifest.requiresAccessToken ? { accept: 'application/fhir+ndjson' } : {});
    if (res.status !== 200) throw new Error(`file ${item.url}: ${res.status} ${res.body}`);
    return res.body.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Every output file downloaded, each resource checked to be of its item's type: the resources by type. */
  async downloadAll(manifest: Manifest): Promise<Map<string, Record<string, unknown>[]>> {
    const byType = new Map<string, Record<string, unknown>[]>();
    for (const item of manifest.output) {
      const resources = await this.download(manifest, item);
      for (const resource of resources) if (resource.resourceType !== item.type) throw new Error(`${item.url}: a ${String(resource.resourceType)} in a ${item.type} file`);
      if (item.count !== undefined && item.count !== resources.length) throw new Error(`${item.url}: count ${item.count}, lines ${resources.length}`);
      byType.set(item.type, [...(byType.get(item.type) ?? []), ...resources]);
    }
    return byType;
  }

  /** Kick-off, poll, download: the manifest and every resource exported, by type. */
  async export(path: string) {
    const statusUrl = await this.kickOff(path);
    const { manifest, progress } = await this.waitForManifest(statusUrl);
    return { statusUrl, manifest, progress, resources: await this.downloadAll(manifest) };
  }
}
