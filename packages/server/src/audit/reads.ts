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

/**
 * Writes read entries after their answers are sent, a batch per statement: a read waits for no
 * audit insert (an entry still pending when the process dies is lost; writes, in contrast, are
 * audited in their own transaction).
 */
export class ReadAuditWriter {
  private pending: AuditEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private written: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db, private readonly log: FastifyBaseLogger, private readonly delayMs = 50) {}

  add(entry: AuditEntry) {
    this.pending.push(entry);
    if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.delayMs).unref();
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
