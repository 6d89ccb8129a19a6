import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '@geria/domain';
import { AppError, requestLanguage } from './errors.ts';
import { findUnsafeJson, unsafeJsonCode, type UnsafeJson } from './json-guard.ts';

/** A 400 naming the unsafe member, in the request's language. */
export function unsafeBodyError(unsafe: UnsafeJson, request: FastifyRequest): AppError {
  const code = unsafeJsonCode[unsafe.problem];
  return new AppError(400, 'errors.validation', {}, [{ path: unsafe.path, code, message: translate(requestLanguage(request), code) }]);
}

type Parsed = (error: Error | null, body?: unknown) => void;

/**
 * Wraps a JSON body parser so that every body it accepts has passed `findUnsafeJson`;
 * `reject` builds the error of the surface (the app's error shape, SCIM, or an OperationOutcome).
 */
export function guardedJsonParser(
  app: FastifyInstance,
  reject: (unsafe: UnsafeJson, request: FastifyRequest) => Error = unsafeBodyError,
) {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: string | Buffer, done: Parsed) => {
    // Registered with parseAs: 'string', so the body arrives as text.
    parse(request, body as string, (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      const unsafe = findUnsafeJson(value);
      return unsafe ? done(reject(unsafe, request), undefined) : done(null, value);
    });
  };
}

/** The app-wide `application/json` parser, guarded. */
export function registerGuardedJson(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, guardedJsonParser(app));
  // A NUL in the path or query would reach SQL parameters just the same.
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) {
      throw new AppError(400, 'errors.validation', {}, [{ path: 'url', code: 'validation.nulCharacter', message: translate(requestLanguage(request), 'validation.nulCharacter') }]);
    }
  });
}
