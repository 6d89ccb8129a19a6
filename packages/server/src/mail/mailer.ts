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
 * Outgoing e-mail. `send` resolves once the message is safely kept (outbox) or handed to background
 * delivery (SMTP): callers never wait for a mail server, so a slow one cannot hold a request, and
 * the time an answer takes does not tell whether a message was sent at all.
 */
export interface Mailer {
  transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
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
