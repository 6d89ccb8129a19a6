import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection.ts';
import type { Mailer } from '../mail/mailer.ts';
import { deliverDueEmails } from './deliveries.ts';
import { evaluateWindowedRules } from './evaluate.ts';
import { claimPeriod } from '../db/periodic.ts';

const DELIVERY_EVERY_MS = 10_000;
const WINDOWED_EVERY_MS = 15 * 60_000;

/**
 * The server's timer: sends due intervention e-mails every few seconds and evaluates the windowed
 * rules every quarter hour. With several processes, each mail is claimed by one (SKIP LOCKED and a
 * lease) and each quarter hour's evaluation by one (claimPeriod); a window fires once even if two
 * evaluations met. A tick never overlaps the previous one.
 */
export function startInterventionSchedule(app: FastifyInstance, db: Db, mailer: Mailer) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const tick = async () => {
    if (running || closed) return;
    running = work();
    await running;
    running = undefined;
  };
  const work = async () => {
    try {
      await deliverDueEmails(db, mailer);
      if (await claimPeriod(db, 'windowed-intervention-rules', WINDOWED_EVERY_MS)) await evaluateWindowedRules(db.kysely);
    } catch (error) {
      app.log.error({ err: error }, 'intervention schedule failed; retried at the next tick');
    }
  };
  // The first pass right away: after a restart, the e-mails that fell due meanwhile go out at once.
  app.addHook('onReady', async () => { timer = setInterval(() => void tick(), DELIVERY_EVERY_MS); timer.unref(); setImmediate(() => void tick()); });
  // A pass in progress finishes before the database closes (it used to fail on a closed pool at shutdown).
  app.addHook('onClose', async () => { closed = true; clearInterval(timer); await running; });
}
