import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';

type TransportOptions = Parameters<typeof nodemailer.createTransport>[0];

/**
 * Delivery through an SMTP server (`SMTP_URL`, e.g. `smtps://user:pass@mail.example.org`) with
 * nodemailer. Delivery runs in the background; a failure is logged without the body,
 * which may hold a single-use link.
 */
export function smtpMailer(transport: string | TransportOptions, from: string, log: FastifyBaseLogger): Mailer & { idle(): Promise<void> } {
  const transporter = nodemailer.createTransport(transport);
  const inFlight = new Set<Promise<unknown>>();
  return {
    transport: 'smtp',
    async send(message) {
      const delivery = transporter.sendMail({
        from, to: message.to, subject: message.subject, text: message.text,
        headers: { 'Content-Language': message.language, 'X-Geria-Template': message.template },
      }).then(
        () => log.info({ template: message.template }, 'e-mail sent'),
        (err: Error) => log.error({ template: message.template, err: err.message }, 'e-mail delivery failed'),
      ).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    /** Resolves when every message handed over so far has been delivered or has failed. */
    async idle() {
      await Promise.all([...inFlight]);
    },
  };
}
