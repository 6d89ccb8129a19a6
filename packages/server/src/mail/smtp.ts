import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailOutcome, Mailer } from './mailer.ts';

type TransportOptions = Parameters<typeof nodemailer.createTransport>[0];

/** A nodemailer failure's fields that tell what the SMTP server said (nodemailer/lib/errors). */
export interface SmtpFailure {
  message?: string;
  code?: string;
  command?: string;
  response?: string;
  responseCode?: number;
}

// The replies that refuse this message for good: to a recipient or to the message itself. A 5xx reply
// to the sender or to the login says the configuration is wrong, which the server's administrator
// fixes; the message is tried again meanwhile, and given up at the end of its retry window.
const MESSAGE_COMMANDS = new Set(['RCPT TO', 'DATA']);

/**
 * What a failed attempt means (RFC 5321 §4.2.1): a permanent negative reply (5yz, except 503, a
 * session out of step) to RCPT TO or DATA fails the message; a transient one (4yz), no reply (a
 * refused or dropped connection, a time-out) or a configuration error is tried again later.
 */
export function failureOutcome(error: SmtpFailure): MailOutcome {
  const code = error.responseCode;
  const permanent = code !== undefined && code >= 500 && code < 600 && code !== 503 && MESSAGE_COMMANDS.has(error.command ?? '');
  return { status: permanent ? 'failed' : 'retry', reply: error.response ?? null, error: String(error.message ?? error).slice(0, 500) };
}

/**
 * Delivery through an SMTP server (`SMTP_URL`, e.g. `smtps://user:pass@mail.example.org`) with
 * nodemailer. `send` runs in the background and logs the outcome; `deliver` waits for the server's
 * answer. Failures are logged without the body, which may hold a single-use link. Waits are bounded
 * (nodemailer's default lets an idle socket hang ten minutes), so a worker's claim on a message
 * (interventions/deliveries.ts) outlasts any one attempt.
 */
export function smtpMailer(transport: string | TransportOptions, from: string, log: FastifyBaseLogger): Mailer & { idle(): Promise<void> } {
  const transporter = nodemailer.createTransport(typeof transport === 'string'
    ? { url: transport, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }
    : transport);
  const inFlight = new Set<Promise<unknown>>();
  const deliver: Mailer['deliver'] = async (message) => {
    let outcome: MailOutcome;
    try {
      const info = await transporter.sendMail({
        from, to: message.to, subject: message.subject, text: message.text,
        headers: { 'Content-Language': message.language, 'X-Geria-Template': message.template },
      });
      outcome = { status: 'sent', reply: typeof info?.response === 'string' ? info.response : null };
    } catch (error) {
      outcome = failureOutcome(error as SmtpFailure);
    }
    if (outcome.status === 'sent') log.info({ template: message.template }, 'e-mail sent');
    else log.error({ template: message.template, err: outcome.error, reply: outcome.reply, retry: outcome.status === 'retry' }, 'e-mail delivery failed');
    return outcome;
  };
  return {
    transport: 'smtp',
    deliver,
    async send(message) {
      const delivery = deliver(message).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    /** Resolves when every message handed over so far has been delivered or has failed. */
    async idle() {
      await Promise.all([...inFlight]);
    },
  };
}
