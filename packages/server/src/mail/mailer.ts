import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Language } from '@geria/domain';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { outboxMailer } from './outbox.ts';
import { smtpMailer } from './smtp.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  language: Language;
  /** Which message this is (e.g. `accounts.approved`), for the outbox listing and logs. */
  template: string;
  /** The participant the message is about, if any: kept with an outbox message so their erasure deletes it. */
  participantId?: string;
}

/**
 * What became of one delivery: `sent` once the mail server accepted the message (or the outbox kept
 * it); `retry` when it refused for now (a 4xx reply), did not answer, or the connection failed;
 * `failed` when it refused the message for good (a 5xx reply to the recipient or the content).
 * `reply` is the server's last reply line, when it gave one.
 */
export interface MailOutcome {
  status: 'sent' | 'retry' | 'failed';
  reply: string | null;
  /** Why it was not sent, for the logs and the delivery log (no message body). */
  error?: string;
}

/**
 * Outgoing e-mail. `send` resolves once the message is safely kept (outbox) or handed to background
 * delivery (SMTP): callers never wait for a mail server, so a slow one cannot hold a request, and
 * the time an answer takes does not tell whether a message was sent at all. `deliver` waits for the
 * server's answer: the durable queues' workers use it (intervention e-mails), retrying or failing
 * each message by what the server said.
 */
export interface Mailer {
  transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  deliver(message: MailMessage): Promise<MailOutcome>;
}

/** SMTP through nodemailer when `SMTP_URL` is set; otherwise the outbox table, so the demo works offline. */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'publicUrl'>, db: Db, log: FastifyBaseLogger): Mailer {
  if (!config.SMTP_URL) return outboxMailer(db);
  return smtpMailer(config.SMTP_URL, `Geria <no-reply@${new URL(config.publicUrl).hostname}>`, log);
}

/** The app's one mailer, created by the first area that needs it. */
export function appMailer(app: FastifyInstance, deps: { config: Config; db: Db }): Mailer {
  if (!app.hasDecorator('mailer')) app.decorate('mailer', createMailer(deps.config, deps.db, app.log));
  return app.mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}
