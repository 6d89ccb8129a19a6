import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '@geria/domain';
import { AppError, requestLanguage, type FieldProblem } from '../http/errors.ts';
import { ScimFilterError } from './scim-filter.ts';
import { ScimError } from './scim-input.ts';
import { SCHEMA, SCIM_CONTENT_TYPE } from './scim-resources.ts';

export function sendScim(reply: FastifyReply, status: number, body: unknown) {
  return reply.status(status).type(SCIM_CONTENT_TYPE).send(body);
}

/** The SCIM error body (RFC 7644 §3.12): status as a string, scimType for the 400s that have one. */
function scimErrorBody(status: number, scimType: string | undefined, detail: string) {
  return { schemas: [SCHEMA.error], status: String(status), ...(scimType && { scimType }), detail };
}

const APP_ERROR_TYPES: Record<number, string | undefined> = { 400: 'invalidValue', 409: 'uniqueness', 422: 'mutability' };

/** Every failure under /scim2 in the SCIM error shape, Fastify's own (415, 413, bad JSON) included. */
export function scimErrorHandler(error: FastifyError | AppError | ScimError | ScimFilterError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ScimError) {
    if (error.status === 405 && error.allow) reply.header('allow', error.allow);
    return sendScim(reply, error.status, scimErrorBody(error.status, error.scimType, error.detail));
  }
  if (error instanceof ScimFilterError) return sendScim(reply, 400, scimErrorBody(400, 'invalidFilter', error.message));
  if (error instanceof AppError) {
    const status = error.statusCode === 422 ? 400 : error.statusCode;
    const lang = requestLanguage(request);
    const fields = Array.isArray(error.details) ? (error.details as FieldProblem[]).map((d) => `${d.path}: ${d.message}`) : [];
    const detail = [translate(lang, error.code, error.params), ...fields].join(' ');
    return sendScim(reply, status, scimErrorBody(status, APP_ERROR_TYPES[error.statusCode], detail));
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return sendScim(reply, status, scimErrorBody(status, status === 400 ? 'invalidSyntax' : undefined, error.message));
  request.log.error({ err: error }, 'unhandled SCIM error');
  return sendScim(reply, 500, scimErrorBody(500, undefined, translate('en', 'errors.internal')));
}
