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
  private pending: PendingRead[] = [];
  private timer: NodeJS.Timeout | undefined;
  private written: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db, private readonly log: FastifyBaseLogger) {}

  add(read: PendingRead) {
    this.pending.push(read);
    if (this.pending.length >= BATCH) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what is pending; resolves once every entry added so far is stored (or its failure logged). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending.splice(0);
    if (batch.length) {
      this.written = this.written.then(async () => recordAudits(this.db.kysely, await this.records(batch)))
        .catch((err: unknown) => this.log.error({ err, entries: batch.length }, 'read audit entries not written'));
    }
    return this.written;
  }

  /**
   * The entries of reads about participants who still exist: a read answered just before an erasure
   * would otherwise write the erased id into the trail after the erasure redacted it.
   */
  private async records(batch: readonly PendingRead[]): Promise<AuditEntry[]> {
    const ids = [...new Set(batch.flatMap((read) => Object.keys(read.participants)))].filter((id) => UUID.test(id));
    const existing = new Set(ids.length === 0 ? [] : (await this.db.kysely.selectFrom('participant').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
    return batch.flatMap(({ actor, actorOrganisation, action, participants, details }) => {
      const kept = Object.fromEntries(Object.entries(participants).filter(([id]) => existing.has(id)));
      const dropped = Object.entries(participants).reduce((n, [id, count]) => (existing.has(id) ? n : n + count), 0);
      const keptDetails = dropped > 0 && typeof details?.count === 'number' ? { ...details, count: details.count - dropped } : details;
      const record = readAuditRecord(action, kept, keptDetails);
      return record ? [{ actor, actorOrganisation, ...record }] : [];
    });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A read waiting to be written, with who made it. */
type PendingRead = ReadReport & { actor: string; actorOrganisation: string | null };

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
    if (read && Object.keys(read.participants).length > 0) writer.add({ actor: request.user.username, actorOrganisation: request.user.organisation, ...read });
  });
  app.addHook('onClose', async () => { await writer.flush(); });
}
