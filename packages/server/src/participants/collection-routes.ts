import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/connection.ts';
import { parseOr400 } from '../http/errors.ts';
import type { Caller } from './access.ts';

const participantParams = z.object({ id: z.string() });
const itemParams = z.object({ id: z.string(), itemId: z.string() });

/** A list of records that belong to one participant (devices, external ids, medications ...). */
export interface ParticipantCollection<Input> {
  /** Path segment under `/api/v1/participant/:id/` (the spec's configured endpoint names). */
  path: string;
  tags: string[];
  summaries: { list: string; create: string; update: string; remove: string };
  /** Who may list (e.g. Tech support reads devices); writes always need PATIENT_ROLES. */
  reader: (request: FastifyRequest) => Caller;
  writer: (request: FastifyRequest) => Caller;
  body: z.ZodType<Input>;
  list(db: Db, caller: Caller, id: string): Promise<unknown>;
  create(db: Db, caller: Caller, id: string, input: Input): Promise<unknown>;
  update(db: Db, caller: Caller, id: string, itemId: string, input: Input): Promise<unknown>;
  remove(db: Db, caller: Caller, id: string, itemId: string): Promise<void>;
}

/** GET list, POST (201), PUT /:itemId and DELETE /:itemId (204) for one collection, validated at the edge. */
export function registerParticipantCollection<Input>(app: FastifyInstance, db: Db, c: ParticipantCollection<Input>) {
  const base = `/api/v1/participant/:id/${c.path}`;
  const { tags } = c;
  app.get(base, { schema: { params: participantParams, tags, summary: c.summaries.list } }, async (request) =>
    c.list(db, c.reader(request), parseOr400(participantParams, request.params, request).id));

  app.post(base, { schema: { body: c.body, params: participantParams, tags, summary: c.summaries.create } }, async (request, reply) => {
    const caller = c.writer(request);
    const { id } = parseOr400(participantParams, request.params, request);
    return reply.status(201).send(await c.create(db, caller, id, parseOr400(c.body, request.body, request)));
  });

  app.put(`${base}/:itemId`, { schema: { body: c.body, params: itemParams, tags, summary: c.summaries.update } }, async (request) => {
    const caller = c.writer(request);
    const { id, itemId } = parseOr400(itemParams, request.params, request);
    return c.update(db, caller, id, itemId, parseOr400(c.body, request.body, request));
  });

  app.delete(`${base}/:itemId`, { schema: { params: itemParams, tags, summary: c.summaries.remove } }, async (request, reply) => {
    const caller = c.writer(request);
    const { id, itemId } = parseOr400(itemParams, request.params, request);
    await c.remove(db, caller, id, itemId);
    return reply.status(204).send();
  });
}
