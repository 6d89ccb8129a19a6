import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { pickLanguage, translate, type Language } from '@geria/domain';

/**
 * Every failure the API reports has the shape `{ error: { code, message, details } }` (DESIGN.md).
 * `code` is a key of the domain message catalogue, so the web shows it in the user's language;
 * `message` is the same text in the language of the request (Accept-Language).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 412 | 422 | 429 | 500 | 503,
    readonly code: string,
    readonly params: Record<string, unknown> = {},
    readonly details?: unknown,
  ) {
    super(code);
  }
}

export const badRequest = (code = 'errors.validation', details?: unknown) => new AppError(400, code, {}, details);
export const unauthorized = (code = 'errors.unauthorized') => new AppError(401, code);
export const forbidden = (code = 'errors.forbidden') => new AppError(403, code);
export const notFound = (code = 'errors.notFound') => new AppError(404, code);
export const conflict = (code = 'errors.conflict', params: Record<string, unknown> = {}) => new AppError(409, code, params);
export const ruleViolation = (code: string, params: Record<string, unknown> = {}, details?: unknown) =>
  new AppError(422, code, params, details);

export interface FieldProblem {
  path: string;
  code: string;
  message: string;
}

export const requestLanguage = (request: FastifyRequest): Language =>
  pickLanguage(request.headers['accept-language'], (request.server as { defaultLanguage?: Language }).defaultLanguage);

type Issue = ZodError['issues'][number];

/** Field-by-field problems of zod issues, each with a catalogue key and its text in `lang`. */
export function zodProblems(issues: readonly Issue[], lang: Language): FieldProblem[] {
  // An unknown field is named by its own path (zod reports the object's path and the keys apart), one problem each.
  const named = issues.flatMap((issue): Issue[] => issue.code === 'unrecognized_keys'
    ? issue.keys.map((key) => ({ ...issue, path: [...issue.path, key] }))
    : [issue]);
  return named.map((issue) => {
    const path = issue.path.map(String).join('.');
    let code = 'validation.invalid';
    let params: Record<string, unknown> = {};
    if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) code = 'validation.required';
    else if (issue.code === 'too_small') { code = 'validation.tooSmall'; params = { minimum: (issue as { minimum: unknown }).minimum }; }
    else if (issue.code === 'too_big') { code = 'validation.tooBig'; params = { maximum: (issue as { maximum: unknown }).maximum }; }
    else if (issue.code === 'invalid_format' && (issue as { format?: string }).format === 'email') code = 'validation.email';
    else if (issue.code === 'unrecognized_keys') code = 'validation.unknownField';
    else if (issue.code === 'custom' && typeof issue.message === 'string' && issue.message.includes('.')) code = issue.message;
    return { path, code, message: translate(lang, code, { ...params, ...(issue as { params?: object }).params }) };
  });
}

/** Parses `value` with `schema` or throws a 400 listing every invalid field. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, request: FastifyRequest): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest('errors.validation', zodProblems(result.error.issues, requestLanguage(request)));
}

function send(reply: FastifyReply, request: FastifyRequest, status: number, code: string, params: Record<string, unknown>, details?: unknown) {
  const lang = requestLanguage(request);
  return reply.status(status).type('application/json').send({ error: { code, message: translate(lang, code, params), details: details ?? null } });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) return send(reply, request, error.statusCode, error.code, error.params, error.details);
    if (error instanceof ZodError) {
      return send(reply, request, 400, 'errors.validation', {}, zodProblems(error.issues, requestLanguage(request)));
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      // Route schemas are zod schemas (fastify-type-provider-zod): each entry carries its zod issue.
      const issues = fastifyError.validation.map((v) => {
        const issue = (v.params as { issue?: Issue } | undefined)?.issue;
        const prefix = fastifyError.validationContext && fastifyError.validationContext !== 'body' ? [fastifyError.validationContext] : [];
        return issue ? { ...issue, path: [...prefix, ...issue.path] } : ({ code: 'custom', path: v.instancePath.split('/').filter(Boolean), message: 'validation.invalid' } as Issue);
      });
      return send(reply, request, 400, 'errors.validation', {}, zodProblems(issues, requestLanguage(request)));
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, request, 400, 'errors.badJson', {});
    }
    if (fastifyError.statusCode === 429) return send(reply, request, 429, 'errors.rateLimited', {});
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      const code = fastifyError.statusCode === 404 ? 'errors.notFound' : fastifyError.statusCode === 401 ? 'errors.unauthorized'
        : fastifyError.statusCode === 403 ? 'errors.forbidden' : 'errors.validation';
      return send(reply, request, fastifyError.statusCode, code, {}, { reason: fastifyError.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 500, 'errors.internal', {});
  });
}
