import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { failureOutcome, smtpMailer } from './smtp.ts';

const silentLog = () => ({ info: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & { info: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn> };

describe('SMTP mailer', () => {
  it('hands the message to nodemailer with sender, language and template headers', async () => {
    const log = silentLog();
    const sent: string[] = [];
    const mailer = smtpMailer({
      name: 'capture', version: '1',
      send: (mail: { message: { createReadStream(): NodeJS.ReadableStream } }, done: (err: Error | null, info: unknown) => void) => {
        const chunks: Buffer[] = [];
        const stream = mail.message.createReadStream();
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => { sent.push(Buffer.concat(chunks).toString()); done(null, { messageId: 'x' }); });
      },
    } as never, 'Geria <no-reply@geria.test>', log);
    await mailer.send({ to: 'maria@example.org', subject: 'Hello', text: 'Body text', language: 'it', template: 'accounts.approved' });
    await mailer.idle();
    expect(sent[0]).toContain('From: Geria <no-reply@geria.test>');
    expect(sent[0]).toContain('To: maria@example.org');
    expect(sent[0]).toContain('Content-Language: it');
    expect(sent[0]).toContain('X-Geria-Template: accounts.approved');
    expect(sent[0]).toContain('Body text');
    expect(log.info).toHaveBeenCalled();
  });

  it('logs a failed delivery without failing the caller', async () => {
    const log = silentLog();
    const mailer = smtpMailer({ name: 'broken', version: '1', send: (_m: unknown, done: (err: Error) => void) => done(new Error('connection refused')) } as never, 'x@geria.test', log);
    await expect(mailer.send({ to: 'a@example.org', subject: 's', text: 't', language: 'en', template: 't' })).resolves.toBeUndefined();
    await mailer.idle();
    expect(log.error).toHaveBeenCalledWith({ template: 't', err: 'connection refused', reply: null, retry: true }, 'e-mail delivery failed');
  });
});

describe('what a failed SMTP attempt means', () => {
  const refusal = (responseCode: number, command: string) => ({ message: `refused: ${responseCode} no`, code: 'EENVELOPE', command, response: `${responseCode} no`, responseCode });

  it('fails the message for good on a permanent refusal of the recipient or the content', () => {
    for (const [code, command] of [[550, 'RCPT TO'], [553, 'RCPT TO'], [554, 'DATA'], [552, 'DATA'], [500, 'RCPT TO'], [599, 'DATA']] as const) {
      expect(failureOutcome(refusal(code, command))).toEqual({ status: 'failed', reply: `${code} no`, error: `refused: ${code} no` });
    }
  });

  it('tries again on a temporary refusal, on 503, on no answer, and when the sender or the login is refused (the configuration)', () => {
    for (const [code, command] of [[451, 'RCPT TO'], [450, 'RCPT TO'], [421, 'CONN'], [452, 'DATA'], [499, 'DATA'], [503, 'RCPT TO'], [550, 'MAIL FROM'], [535, 'AUTH PLAIN'], [600, 'DATA']] as const) {
      expect(failureOutcome(refusal(code, command)).status, `${code} ${command}`).toBe('retry');
    }
    expect(failureOutcome({ message: 'connect ECONNREFUSED 127.0.0.1:25', code: 'ESOCKET', command: 'CONN' })).toEqual({ status: 'retry', reply: null, error: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(failureOutcome({ message: 'Greeting never received', code: 'ETIMEDOUT' }).status).toBe('retry');
  });
});
