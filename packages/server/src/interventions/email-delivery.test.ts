import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir, observation } from '../test/fhir-fixtures.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { deliverDueEmails, retryDelay, RETRY_WINDOW_MS } from './deliveries.ts';

/**
 * Intervention e-mails through a real SMTP conversation: a local server answers each recipient with
 * the replies planned for it (451 try later, 550 no such user), then accepts.
 */
const planned = new Map<string, number[]>();
const received: { to: string[]; text: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
  onRcptTo(address, _session, callback) {
    const code = planned.get(address.address)?.shift();
    if (code === undefined) return callback();
    return callback(Object.assign(new Error(code >= 500 ? '5.1.1 No such user here' : '4.3.0 Mailbox busy, try again later'), { responseCode: code }));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: Buffer.concat(chunks).toString() });
      callback();
    });
  },
});

let ctx: TestContext;
beforeAll(async () => {
  await new Promise<void>((resolve) => { smtp.listen(0, '127.0.0.1', () => resolve()); });
  const { port } = smtp.server.address() as AddressInfo;
  ctx = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => { smtp.close(() => resolve()); });
});

const delivery = (recipient: string) => ctx.db.kysely.selectFrom('intervention_delivery').selectAll()
  .where('recipient', '=', recipient).where('channel', '=', 'email').executeTakeFirstOrThrow();
const mailsTo = (recipient: string) => received.filter((m) => m.to.includes(recipient));

/** A participant with one caregiver, a heart-rate rule by `author` for them, and a reading that fires it. */
async function firingFor(caregiver: string, day: string, author = 'test-ccm', extra: Record<string, unknown> = {}) {
  const participantId = await createParticipant(ctx, { caregiverEmails: [caregiver], ccmids: [], ...extra });
  const rule = await ctx.app.inject({
    method: 'POST', url: '/api/v1/interventions/rules', headers: await ctx.as(author), payload: {
      name: `Heart ${caregiver}`, type: 'heartRate', target: { kind: 'participant', participantId }, priority: 'high',
      thresholds: { optimalLow: 60, optimalHigh: 100, extremeLow: 40, extremeHigh: 130 },
      channels: ['caregivers', 'managers'], app: 'geria-app', language: 'en', message: 'Heart rate {{value}} {{unit}}',
    },
  });
  expect(rule.statusCode).toBe(201);
  const written = await fhir(ctx, 'test-ccm', 'POST', 'Observation', observation(participantId, {
    effectiveDateTime: `${day}T08:00:00Z`, code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] }, valueQuantity: { value: 140, unit: '/min' },
  }));
  expect(written.status).toBe(201);
  return participantId;
}

describe('intervention e-mails through an SMTP server', () => {
  it('a temporary refusal (451) is not sent: it is retried with backoff and sent once the server accepts it', async () => {
    const to = 'busy.caregiver@example.org';
    planned.set(to, [451, 451]);
    await firingFor(to, '2026-11-10');
    const now = new Date();
    await deliverDueEmails(ctx.db, ctx.app.mailer, now);
    expect(await delivery(to)).toMatchObject({ status: 'pending', attempts: 1, sent_at: null, last_reply: expect.stringMatching(/^451 /) });
    expect((await delivery(to)).next_attempt_at.getTime()).toBeGreaterThanOrEqual(now.getTime() + retryDelay(1) - 5_000);
    expect(mailsTo(to)).toEqual([]);

    // Not tried again before its time.
    await deliverDueEmails(ctx.db, ctx.app.mailer, new Date(now.getTime() + retryDelay(1) / 2));
    expect((await delivery(to)).attempts).toBe(1);

    const second = new Date(now.getTime() + retryDelay(1));
    expect(await deliverDueEmails(ctx.db, ctx.app.mailer, second)).toBe(0);
    expect(await delivery(to)).toMatchObject({ status: 'pending', attempts: 2 });
    expect((await delivery(to)).next_attempt_at.getTime()).toBe(second.getTime() + retryDelay(2));

    expect(await deliverDueEmails(ctx.db, ctx.app.mailer, new Date(second.getTime() + retryDelay(2)))).toBe(1);
    expect(await delivery(to)).toMatchObject({ status: 'sent', attempts: 3, last_error: null, last_reply: expect.stringMatching(/^250 /) });
    expect(mailsTo(to)).toHaveLength(1);
    expect(mailsTo(to)[0]!.text).toContain('Subject: Geria intervention: Heart busy.caregiver@example.org');
  });

  it('a permanent refusal (550) fails at once, visibly: in the delivery log, and in the inbox of the managers and of the rule\'s author', async () => {
    const to = 'no.such.caregiver@example.org';
    planned.set(to, [550]);
    const participantId = await firingFor(to, '2026-11-11', 'test-expert', { ccmids: [{ ccmid: 'test-ccm', accepted: true, notifications: true }] });
    const now = new Date();
    await deliverDueEmails(ctx.db, ctx.app.mailer, now);
    expect(await delivery(to)).toMatchObject({ status: 'failed', attempts: 1, sent_at: null, last_reply: expect.stringMatching(/^550 /) });
    // The manager's own e-mail of the same firing went through.
    expect(mailsTo('test-ccm@test.geria.example.org').length).toBeGreaterThan(0);
    expect(mailsTo(to)).toEqual([]);

    const log = (await ctx.app.inject({ method: 'GET', url: '/api/v1/interventions/notifications?pageSize=100', headers: await ctx.as('test-ccm') })).json();
    expect(log.items.find((d: { recipient: string }) => d.recipient === to)).toMatchObject({ status: 'failed', attempts: 1, lastReply: expect.stringMatching(/^550 /) });
    const firing = (await ctx.app.inject({ method: 'GET', url: `/api/v1/interventions/logs?participant=${participantId}`, headers: await ctx.as('test-ccm') })).json().items[0];
    expect(firing.deliveries.find((d: { recipient: string }) => d.recipient === to)).toMatchObject({ status: 'failed' });

    for (const reader of ['test-ccm', 'test-expert']) {
      const inbox = (await ctx.app.inject({ method: 'GET', url: '/api/v1/inbox?pageSize=100', headers: await ctx.as(reader) })).json();
      expect(inbox.items.filter((n: { message: { code: string; params: { recipient?: string } } }) =>
        n.message.code === 'interventions.notifications.emailFailed' && n.message.params.recipient === to)).toMatchObject([{ participantId }]);
    }

    // Never tried again.
    await deliverDueEmails(ctx.db, ctx.app.mailer, new Date(now.getTime() + 86_400_000));
    expect((await delivery(to)).attempts).toBe(1);
  });

  it('a temporary refusal that outlasts the retry window fails the e-mail', async () => {
    const to = 'always.busy@example.org';
    planned.set(to, [451, 451, 451]);
    await firingFor(to, '2026-11-12');
    const now = new Date();
    await deliverDueEmails(ctx.db, ctx.app.mailer, now);
    expect((await delivery(to)).status).toBe('pending');
    await deliverDueEmails(ctx.db, ctx.app.mailer, new Date(now.getTime() + RETRY_WINDOW_MS));
    expect(await delivery(to)).toMatchObject({ status: 'failed', attempts: 2, last_reply: expect.stringMatching(/^451 /) });
  });

  it('the retry state survives a restart: a server started on the same database sends what fell due at once', async () => {
    const to = 'after.restart@example.org';
    planned.set(to, [451]);
    await firingFor(to, '2026-11-13');
    await deliverDueEmails(ctx.db, ctx.app.mailer, new Date());
    expect(await delivery(to)).toMatchObject({ status: 'pending', attempts: 1 });
    // The minute of backoff passes while no server runs.
    await ctx.db.kysely.updateTable('intervention_delivery').set({ next_attempt_at: new Date(Date.now() - 1_000) }).where('recipient', '=', to).execute();
    const restarted = await buildApp({ config: ctx.config, db: ctx.db, secrets: ctx.secrets });
    try {
      await restarted.ready();
      await vi.waitFor(async () => expect((await delivery(to)).status).toBe('sent'), { timeout: 10_000, interval: 100 });
      expect(mailsTo(to)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});
