import { EventEmitter } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createGate, registerAdmission } from './admission.ts';

const response = () => new EventEmitter() as unknown as ServerResponse;
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('admission gate', () => {
  it('admits up to its limit and then the waiting in arrival order as places come back', async () => {
    const gate = createGate(2);
    const order: string[] = [];
    const res = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((name) => [name, response()]));
    for (const name of Object.keys(res)) void gate.enter(res[name]).then(() => order.push(name));
    await flush();
    expect(order).toEqual(['a', 'b']);
    expect([gate.running, gate.waiting]).toEqual([2, 3]);
    res.b.emit('close');
    await flush();
    expect(order).toEqual(['a', 'b', 'c']);
    res.a.emit('close');
    res.c.emit('close');
    await flush();
    expect(order).toEqual(['a', 'b', 'c', 'd', 'e']);
    res.d.emit('close');
    res.e.emit('close');
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('admits in a turn of the event loop of its own, not in the callback that read the request or ended one', async () => {
    const gate = createGate(1);
    const order: string[] = [];
    const first = response();
    const second = response();
    void gate.enter(first).then(() => order.push('first'));
    void gate.enter(second).then(() => order.push('second'));
    // Microtasks alone (a synchronous database answering) never admit anyone.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(order).toEqual([]);
    await flush();
    expect(order).toEqual(['first']);
    first.emit('close');
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(order).toEqual(['first']);
    await flush();
    expect(order).toEqual(['first', 'second']);
    second.emit('close');
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('forgets a client that leaves while waiting, without taking a place', async () => {
    const gate = createGate(1);
    const first = response();
    const leaving = response();
    const last = response();
    await gate.enter(first);
    let leftWaiting = false;
    let lastIn = false;
    void gate.enter(leaving).then(() => { leftWaiting = true; });
    void gate.enter(last).then(() => { lastIn = true; });
    leaving.emit('close');
    await flush();
    expect(leftWaiting).toBe(true);
    expect([gate.running, gate.waiting]).toEqual([1, 1]);
    first.emit('close');
    await flush();
    expect(lastIn).toBe(true);
    last.emit('close');
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('lets a request whose client already left through without taking a place', async () => {
    const gate = createGate(1);
    const gone = Object.assign(response(), { destroyed: true });
    await gate.enter(gone);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });
});

describe('admission of API requests', () => {
  async function appWithGate() {
    const app = Fastify();
    const gate = registerAdmission(app, 1);
    const started: string[] = [];
    let open!: () => void;
    const latch = new Promise<void>((resolve) => { open = resolve; });
    app.get('/api/v1/slow/:name', async (request) => {
      started.push((request.params as { name: string }).name);
      await latch;
      return { ok: true };
    });
    app.get('/api/v1/health', async () => ({ ok: true }));
    app.get('/api/v1/inbox/stream', async () => 'stream');
    app.get('/api/v1/fails', async () => { throw new Error('boom'); });
    await app.ready();
    return { app, gate, started, open };
  }

  it('works on one request at a time with a limit of 1, in arrival order, and lets the health check and streams pass', async () => {
    const { app, gate, started, open } = await appWithGate();
    const first = app.inject('/api/v1/slow/first');
    const second = app.inject('/api/v1/slow/second');
    await vi.waitFor(() => expect(gate.waiting).toBe(1));
    expect(started).toEqual(['first']);
    expect((await app.inject('/api/v1/health')).statusCode).toBe(200);
    expect((await app.inject('/api/v1/inbox/stream')).statusCode).toBe(200);
    expect(gate.waiting).toBe(1);
    open();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect(started).toEqual(['first', 'second']);
    await app.close();
  });

  it('makes any other request wait its turn, whatever its Accept header says', async () => {
    const { app, gate, started, open } = await appWithGate();
    const first = app.inject('/api/v1/slow/first');
    await vi.waitFor(() => expect(started).toEqual(['first']));
    const sneaky = app.inject({ url: '/api/v1/slow/sneaky', headers: { accept: 'text/event-stream' } });
    await vi.waitFor(() => expect(gate.waiting).toBe(1));
    expect(started).toEqual(['first']);
    open();
    expect((await first).statusCode).toBe(200);
    expect((await sneaky).statusCode).toBe(200);
    expect(started).toEqual(['first', 'sneaky']);
    await app.close();
  });

  it('gives the place back after errors and unknown routes', async () => {
    const { app, gate, open } = await appWithGate();
    open();
    expect((await app.inject('/api/v1/fails')).statusCode).toBe(500);
    expect((await app.inject('/api/v1/nothing-here')).statusCode).toBe(404);
    expect((await app.inject('/api/v1/slow/after')).statusCode).toBe(200);
    await flush();
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
    await app.close();
  });
});

describe('admission over a real connection', () => {
  it('does not work on a request whose client left while it waited', async () => {
    const app = Fastify();
    const gate = registerAdmission(app, 1);
    const started: string[] = [];
    let open!: () => void;
    const latch = new Promise<void>((resolve) => { open = resolve; });
    app.get('/api/v1/slow/:name', async (request) => {
      started.push((request.params as { name: string }).name);
      await latch;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const get = (name: string) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: `/api/v1/slow/${name}`, agent: false });
      const done = new Promise<number>((resolve) => {
        req.on('response', (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); });
        req.on('error', () => resolve(0));
      });
      req.end();
      return { req, done };
    };
    const until = async (condition: () => boolean) => {
      for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(condition()).toBe(true);
    };
    try {
      const first = get('first');
      await until(() => started.length === 1);
      const leaving = get('leaving');
      await until(() => gate.waiting === 1);
      leaving.req.destroy();
      await until(() => gate.waiting === 0);
      open();
      expect(await first.done).toBe(200);
      expect(await get('after').done).toBe(200);
      expect(started).toEqual(['first', 'after']);
      await until(() => gate.running === 0);
    } finally {
      await app.close();
    }
  });
});
