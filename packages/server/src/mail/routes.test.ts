import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

describe('outbox', () => {
  it('keeps the messages when no SMTP server is configured, and the SysAdmin reads them newest first', async () => {
    await ctx.app.mailer.send({ to: 'a@example.org', subject: 'First', text: 'one', language: 'en', template: 'test.first' });
    await ctx.app.mailer.send({ to: 'B@example.org', subject: 'Second', text: 'two', language: 'fr', template: 'test.second' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/mail/outbox', headers: await ctx.as('test-sysadmin') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ transport: 'outbox', total: 2, items: [{ to: 'B@example.org', subject: 'Second', text: 'two', language: 'fr' }, { subject: 'First' }] });
  });

  it('filters by recipient, letter case ignored, and pages', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/mail/outbox?recipient=b@EXAMPLE.org&pageSize=1', headers: await ctx.as('test-sysadmin') });
    expect(res.json().items.map((m: { subject: string }) => m.subject)).toEqual(['Second']);
  });

  it('is for the SysAdmin only', async () => {
    for (const who of ['test-tester', 'test-ccm', 'test-auditor']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/mail/outbox', headers: await ctx.as(who) });
      expect(res.statusCode).toBe(403);
    }
  });

  it('uses SMTP instead of the outbox when SMTP_URL is set', async () => {
    const smtp = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      expect(smtp.app.mailer.transport).toBe('smtp');
      const res = await smtp.app.inject({ method: 'GET', url: '/api/v1/mail/outbox', headers: await smtp.as('test-sysadmin') });
      expect(res.json()).toEqual({ transport: 'smtp', items: [], total: 0 });
    } finally {
      await smtp.close();
    }
  });
});
