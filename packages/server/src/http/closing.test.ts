import { describe, expect, it } from 'vitest';
import { connect, type AddressInfo } from 'node:net';
import { createTestContext } from '../test/context.ts';

describe('a server closing (SIGTERM, after its drain)', () => {
  it('serves the request of a connection it accepted before closing, and ends that connection', async () => {
    const ctx = await createTestContext();
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const accepted = new Promise((resolve) => ctx.app.server.once('connection', resolve));
      // As nginx does: connected, the request follows; the server has not read it when it closes.
      const socket = connect((ctx.app.server.address() as AddressInfo).port, '127.0.0.1');
      await accepted;
      let answer = '';
      socket.on('data', (chunk) => { answer += chunk; });
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const closed = ctx.app.close();
      socket.write('GET /api/v1/health HTTP/1.1\r\nHost: geria.test\r\n\r\n');
      await ended;
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.toLowerCase()).toContain('connection: close');
    } finally {
      await ctx.close();
    }
  });
});
