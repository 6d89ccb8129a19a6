import type { FastifyInstance, FastifySerializerCompiler, RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * What every operation of the OpenAPI document (/api/docs/json) says beyond its own route schema:
 * a stable operationId, and the error body of every refusal. Route files declare their 2xx answers
 * with the helpers below, from the zod schemas their handlers are typed with.
 */

/** `{ error: { code, message, details } }` (http/errors.ts), for every 4xx of /api. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().describe('Key of the message catalogue, e.g. errors.notFound'),
    message: z.string().describe('The same text in the language of the request'),
    details: z.unknown().describe('Field-by-field problems of a 400, or null'),
  }),
}).describe('The refusal');

/** A 200 answer. */
export const ok = <S extends z.ZodType>(schema: S) => ({ 200: schema });
/** A 201 answer: the record created. */
export const created = <S extends z.ZodType>(schema: S) => ({ 201: schema });
/** A 204 answer: no body. */
export const noContent = { 204: z.null().describe('No content') };
/** An answer of another media type (CSV, a file, HTML, a stream: sent as it is; FHIR JSON: with its schema). */
export const mediaAnswer = (mediaType: string, description: string, schema: z.ZodType = z.string()) => ({
  200: { description, content: { [mediaType]: { schema } } },
});

const ERRORS_OF_READS = [400, 401, 403, 404] as const;
const ERRORS_OF_WRITES = [...ERRORS_OF_READS, 409, 422] as const;

/** Only Geria's own JSON API answers with this error body; FHIR answers OperationOutcome, SCIM its own. */
const API = /^\/api\//;

/**
 * camelCase of the method and the path below /api/v1 (or /auth, /fhir ...): `GET /api/v1/participant/:id`
 * is `getParticipantById`. Derived, so that it is unique and stays the same as long as the route does.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url.replace(/^\/api\/(users\/)?v1\//, '/').split('/').filter(Boolean).flatMap((segment) => {
    const param = /^:(\w+)$/.exec(segment) ?? /^\{(\w+)\}$/.exec(segment);
    if (param) return ['by', param[1]!];
    if (segment === '*') return ['any'];
    return segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
  });
  const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return method.toLowerCase() + words.map(pascal).join('');
}

/**
 * Completes every route's documentation as it registers: operationId, and the error body for the 4xx
 * answers of /api (a route may still declare its own). Registered before any route.
 */
export function registerOpenApiConventions(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as (Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown> }) | undefined;
    if (!schema || schema.hide) return;
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (methods.length !== 1) return;
    const method = methods[0]!;
    schema.operationId ??= operationIdOf(method, route.url);
    if (!API.test(route.url)) return;
    const errors = method === 'GET' ? ERRORS_OF_READS : ERRORS_OF_WRITES;
    schema.response = { ...Object.fromEntries(errors.map((status) => [status, errorBodySchema])), ...schema.response };
  });
}

/**
 * The zod serializer keeps only the fields an answer's schema names: a field the handler adds and the
 * schema forgets would silently vanish from the answer. Under test (VITEST) every answer is compared
 * with what was sent, and a lost field fails the request loudly (500 with the field's path in the log),
 * so any API test of the route finds the drift. In production the answer is only serialized.
 */
export const answerSerializer = (check: boolean): FastifySerializerCompiler<unknown> => (route) => {
  const serialize = serializerCompiler(route as never) as (data: unknown) => string;
  if (!check) return serialize;
  return (data: unknown) => {
    const json = serialize(data);
    const lost = lostFields(JSON.parse(JSON.stringify(data ?? null)), JSON.parse(json));
    if (lost.length) throw new Error(`${route.method} ${route.url} ${route.httpStatus}: the answer's schema drops ${lost.slice(0, 5).join(', ')}`);
    return json;
  };
};

/** Paths of the fields of `sent` (plain JSON) that `kept` lacks. */
export function lostFields(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent)) return Array.isArray(kept) ? sent.flatMap((item, i) => lostFields(item, kept[i], `${path}[${i}]`)) : [];
  if (!sent || typeof sent !== 'object' || !kept || typeof kept !== 'object') return [];
  return Object.entries(sent).flatMap(([key, value]) => key in kept
    ? lostFields(value, (kept as Record<string, unknown>)[key], `${path}.${key}`)
    : [`${path}.${key}`]);
}
