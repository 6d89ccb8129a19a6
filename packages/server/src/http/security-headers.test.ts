import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerSecurityHeaders, securityHeaders } from './security-headers.ts';

const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } } };

describe('security headers', () => {
  it('are Helmet\'s headers for the policy, CSP included', () => {
    const headers = securityHeaders(options);
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=/);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('go with every answer, errors and not-found included', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, options);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => { throw new Error('boom'); });
    for (const url of ['/ok', '/fails', '/missing']) {
      const answer = await app.inject({ url });
      expect(answer.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
    }
    await app.close();
  });
});
