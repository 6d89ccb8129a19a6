import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { participantReadOf, readAuditRecord, type ReadAction } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { recordAudits, type AuditEntry } from './service.ts';

/** A read of patient data a handler reports for the audit: how many resources of each participant it answered. */
export interface ReadReport {
  action: ReadAction;
  participants: Record<string, number>;
  details?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readAudits: ReadAuditWriter;
  }
  interface FastifyRequest {
    readAudit?: ReadReport;
  }
}

const FLUSH_MS = 1000;
const BATCH = 1000;

/**
 * Writes read entries after their answers are sent, a batch per statement at most a second later
 * (or at BATCH entries): a read waits for no audit insert, and one insert serves many reads (at 50 ms
 * batches the embedded database's inserts, on the main thread, doubled a record read's median; at
 * one second they no longer showed, bench/reads.ts). An entry still pending when the process dies
 * is lost; writes, in contrast, are audited in their own transaction.
 */
export class ReadAuditWriter {
  private pending: AuditEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private written: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db, private readonly log: FastifyBaseLogger) {}

  add(entry: AuditEntry) {
    this.pending.push(entry);
    if (this.pending.length >= BATCH) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what is pending; resolves once every entry added so far is stored (or its failure logged). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending.splice(0);
    if (batch.length) {
      this.written = this.written.then(() => recordAudits(this.db.kysely, batch))
        .catch((err: unknown) => this.log.error({ err, entries: batch.length }, 'read audit entries not written'));
    }
    return this.written;
  }
}

/** The participant an API route reads, named by its path parameter (participantReadOf). */
function routeRead(request: FastifyRequest): ReadReport | undefined {
  const read = participantReadOf(request.routeOptions.url ?? '');
  const id = read && (request.params as Record<string, string | undefined>)[read.param];
  return id ? { action: read.action, participants: { [id]: 1 }, details: { path: request.routeOptions.url } } : undefined;
}

/**
 * Audits every successful read of patient data by a user: the participant routes of the API by
 * their path, and what a handler reports in request.readAudit (FHIR reads and searches).
 */
export function registerReadAudit(app: FastifyInstance, db: Db) {
  const writer = new ReadAuditWriter(db, app.log);
  app.decorate('readAudits', writer);
  app.decorateRequest('readAudit', undefined);
  app.addHook('onResponse', async (request, reply) => {
    if (!request.user || reply.statusCode >= 300 || (request.method !== 'GET' && !request.readAudit)) return;
    const read = request.readAudit ?? routeRead(request);
    const record = read && readAuditRecord(read.action, read.participants, read.details);
    if (record) writer.add({ actor: request.user.username, actorOrganisation: request.user.organisation, ...record });
  });
  app.addHook('onClose', async () => { await writer.flush(); });
}
