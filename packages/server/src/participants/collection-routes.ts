import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/connection.ts';
import { parseOr400 } from '../http/errors.ts';
import { created, noContent, ok } from '../http/openapi.ts';
import type { Caller } from './access.ts';

const participantParams = z.object({ id: z.string() });
const itemParams = z.object({ id: z.string(), itemId: z.string() });

/** A list of records that belong to one participant (devices, external ids, medications ...). */
export interface ParticipantCollection<Input, List extends z.ZodType, Item extends z.ZodType> {
  /** Path segment under `/api/v1/participant/:id/` (the spec's configured endpoint names). */
  path: string;
  tags: string[];
  summaries: { list: string; create: string; update: string; remove: string };
  /** Who may list (e.g. Tech support reads devices); writes always need PATIENT_ROLES. */
  reader: (request: FastifyRequest) => Caller;
  writer: (request: FastifyRequest) => Caller;
  body: z.ZodType<Input>;
  /** The answers: the list, and one record (of a create or an update). */
  answers: { list: List; item: Item };
  list(db: Db, caller: Caller, id: string): Promise<z.infer<List>>;
  create(db: Db, caller: Caller, id: string, input: Input): Promise<z.infer<Item> | null>;
  update(db: Db, caller: Caller, id: string, itemId: string, input: Input): Promise<z.infer<Item> | null>;
  remove(db: Db, caller: Caller, id: string, itemId: string): Promise<void>;
}

/** GET list, POST (201), PUT /:itemId and DELETE /:itemId (204) for one collection, validated at the edge. */
export function registerParticipantCollection<Input, List extends z.ZodType, Item extends z.ZodType>(app: FastifyInstance, db: Db, c: ParticipantCollection<Input, List, Item>) {
  const base = `/api/v1/participant/:id/${c.path}`;
  const { tags } = c;
  // Widened: fastify would otherwise type the handlers' answers by these generic schemas; the service
  // functions of ParticipantCollection are what is typed through them.
  const answers: Record<'list' | 'created' | 'updated' | 'removed', Record<number, unknown>> = {
    list: ok(c.answers.list), created: created(c.answers.item), updated: ok(c.answers.item), removed: noContent,
  };
  app.get(base, { schema: { params: participantParams, tags, summary: c.summaries.list, response: answers.list } }, async (request) =>
    c.list(db, c.reader(request), parseOr400(participantParams, request.params, request).id));

  app.post(base, { schema: { body: c.body, params: participantParams, tags, summary: c.summaries.create, response: answers.created } }, async (request, reply) => {
    const caller = c.writer(request);
    const { id } = parseOr400(participantParams, request.params, request);
    return reply.status(201).send(await c.create(db, caller, id, parseOr400(c.body, request.body, request)));
  });

  app.put(`${base}/:itemId`, { schema: { body: c.body, params: itemParams, tags, summary: c.summaries.update, response: answers.updated } }, async (request) => {
    const caller = c.writer(request);
    const { id, itemId } = parseOr400(itemParams, request.params, request);
    return c.update(db, caller, id, itemId, parseOr400(c.body, request.body, request));
  });

  app.delete(`${base}/:itemId`, { schema: { params: itemParams, tags, summary: c.summaries.remove, response: answers.removed } }, async (request, reply) => {
    const caller = c.writer(request);
    const { id, itemId } = parseOr400(itemParams, request.params, request);
    await c.remove(db, caller, id, itemId);
    return reply.status(204).send();
  });
}
