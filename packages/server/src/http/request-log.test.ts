import { describe, expect, it } from 'vitest';
import Fastify, { LogController } from 'fastify';
import { registerRequestLog } from './request-log.ts';

async function logged(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => { lines.push(JSON.parse(line)); } };
  const app = Fastify({ logger: { level, stream }, logController: new LogController({ disableRequestLogging: true }) });
  registerRequestLog(app);
  app.get('/ok/:id', async () => ({ ok: true }));
  app.get('/broken', async () => { throw new Error('boom'); });
  await app.inject({ url: '/ok/42' });
  await app.inject({ url: '/broken' });
  await app.close();
  return lines.filter((l) => l.msg === 'request' || l.msg === 'request failed' || l.msg === 'slow request');
}

describe('request log', () => {
  it('writes nothing at info for a quick success, and one warn line for a server error', async () => {
    expect(await logged('info')).toEqual([expect.objectContaining({ msg: 'request failed', status: 500, url: '/broken', method: 'GET' })]);
  });

  it('logs every request at debug, by route template rather than by the ids in the URL', async () => {
    const lines = await logged('debug');
    expect(lines.map((l) => [l.msg, l.url])).toEqual([['request', '/ok/:id'], ['request failed', '/broken']]);
  });
});
