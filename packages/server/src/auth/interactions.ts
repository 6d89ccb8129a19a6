import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { isLanguage, loginPageLanguage, LOGIN_LANGUAGE_PARAM, translate, type Language } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { AppError, parseOr400, requestLanguage } from '../http/errors.ts';
import { renderLoginPage } from './login-page.ts';
import { recordAudit } from '../audit/service.ts';
import { authenticate, findUserByUsername } from './accounts.ts';
import { loginThrottle } from './login-throttle.ts';

const loginBody = z.object({ username: z.string().trim().min(1).max(200), password: z.string().min(1).max(1000) });

/**
 * Geria's own sign-in for the embedded provider. The provider sends the browser to
 * /auth/interaction/:uid, which answers the sign-in page itself (login-page.ts: the server renders
 * it, so the form is there at first paint, one redirect fewer than the web app's former /login?uid=
 * route). The page posts the credentials here, as JSON from its script or as a plain form without
 * it. The interaction cookie is scoped to /auth/interaction/:uid, so every call of the login page
 * stays under that path.
 */
export interface InteractionOptions {
  /** URL of the web app's script that enhances the sign-in page (its build manifest's `login-page` entry). */
  loginScript?: string;
}

const isFormPost = (request: FastifyRequest) => String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

export async function registerInteractionRoutes(app: FastifyInstance, provider: Provider, db: Db, options: InteractionOptions = {}) {
  const throttle = loginThrottle(db);
  const details = async (request: Parameters<Provider['interactionDetails']>[0], reply: Parameters<Provider['interactionDetails']>[1]) => {
    try {
      return await provider.interactionDetails(request, reply);
    } catch {
      throw new AppError(404, 'auth.interactionExpired');
    }
  };

  const pageLanguage = (request: FastifyRequest, lang: unknown, uiLocales?: unknown): Language =>
    loginPageLanguage({ lang, uiLocales, acceptLanguage: request.headers['accept-language'], defaultLanguage: app.defaultLanguage });

  app.get<{ Params: { uid: string }; Querystring: Record<string, string | undefined> }>('/auth/interaction/:uid', {
    schema: { tags: ['auth'], summary: 'Sign-in interaction: the sign-in page (HTML), in the language of ?lang=, ui_locales or Accept-Language', security: [{ interactionCookie: [] }] },
  }, async (request, reply) => {
    let interaction;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      // Expired, or opened in another browser: the web app's /login starts a fresh sign-in.
      return reply.redirect('/login', 303);
    }
    const lang = pageLanguage(request, request.query[LOGIN_LANGUAGE_PARAM], interaction.params.ui_locales);
    return sendPage(reply, 200, renderLoginPage({ uid: interaction.uid, lang, script: options.loginScript }));
  });

  app.get<{ Params: { uid: string } }>('/auth/interaction/:uid/details', { schema: { tags: ['auth'], summary: 'The pending sign-in interaction (uid, prompt)', security: [{ interactionCookie: [] }] } }, async (request, reply) => {
    const interaction = await details(request.raw, reply.raw);
    return { uid: interaction.uid, prompt: interaction.prompt.name };
  });

  // The login endpoint also takes a plain form post (the page before its script, or without it).
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post<{ Params: { uid: string } }>('/auth/interaction/:uid/login', {
      schema: { tags: ['auth'], summary: 'Signs in with username and password; answers where the browser goes next (JSON), or, for a plain form post, goes there (303) or shows the page again with the refusal', body: loginBody, security: [{ interactionCookie: [] }] },
      config: {
        // Repeated wrong passwords are slowed down per address and username.
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          // After body parsing, so the key includes the username.
          hook: 'preHandler',
          keyGenerator: (request) => `${request.ip}:${String((request.body as { username?: unknown } | undefined)?.username ?? '').toLowerCase()}`,
        },
      },
    }, async (request, reply) => {
      if (!isFormPost(request)) return { redirectTo: await signIn(request, reply) };
      const form = (request.body ?? {}) as Record<string, unknown>;
      const lang = isLanguage(form.lang) ? form.lang : requestLanguage(request);
      try {
        return reply.redirect(await signIn(request, reply), 303);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'auth.interactionExpired') return reply.redirect('/login', 303);
        const username = typeof form.username === 'string' ? form.username : '';
        return sendPage(reply, error.statusCode, renderLoginPage({ uid: request.params.uid, lang, script: options.loginScript, error: translate(lang, error.code, error.params), username }));
      }
    });

    /** Checks the credentials and ends the interaction's login prompt; resolves where the browser goes next. */
    async function signIn(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply): Promise<string> {
      const interaction = await details(request.raw, reply.raw);
      if (interaction.prompt.name !== 'login') throw new AppError(400, 'auth.interactionExpired');
      const { username, password } = parseOr400(loginBody, request.body, request);
      if (await throttle.blocked(username)) throw new AppError(429, 'errors.rateLimited');
      const outcome = await authenticate(db, username, password);
      if ('refusal' in outcome) {
        if (outcome.refusal === 'auth.invalidCredentials') await throttle.failed(username);
        // Filed under the account's organisation when the username exists, so its auditors see it.
        const account = await findUserByUsername(db, username);
        await recordAudit(db.kysely, {
          actor: username, actorOrganisation: account?.organisation ?? null, action: 'auth.login-refused', entityType: 'user',
          entityId: account?.id ?? null, details: { reason: outcome.refusal, ip: request.ip },
        });
        throw new AppError(outcome.refusal === 'auth.invalidCredentials' ? 401 : 403, outcome.refusal);
      }
      await throttle.succeeded(username);
      const redirectTo = await provider.interactionResult(request.raw, reply.raw, {
        login: { accountId: outcome.user.id, remember: false },
      }, { mergeWithLastSubmission: false });
      await recordAudit(db.kysely, { actor: outcome.user.username, actorOrganisation: outcome.user.organisation, action: 'auth.login', entityType: 'user', entityId: outcome.user.id, details: { ip: request.ip } });
      return redirectTo;
    }
  });

  app.post<{ Params: { uid: string } }>('/auth/interaction/:uid/abort', { schema: { tags: ['auth'], summary: 'Abandons the sign-in (access_denied to the client)', security: [{ interactionCookie: [] }] } }, async (request, reply) => {
    await details(request.raw, reply.raw);
    const redirectTo = await provider.interactionResult(request.raw, reply.raw, {
      error: 'access_denied', error_description: 'End-user aborted interaction',
    }, { mergeWithLastSubmission: false });
    return { redirectTo };
  });
}

// Public documents any page may read; every other provider endpoint is for the app's own origins.
const PUBLIC_DOCUMENTS = /^\/auth\/(\.well-known\/openid-configuration|jwks)(\?|$)/;

/**
 * Hands every other /auth request to oidc-provider, leaving the body stream for it to read. The
 * provider answers CORS preflights for any origin; those of other origins than `allowedOrigins` are
 * answered here without permission (the requests themselves are refused by clientBasedCORS).
 */
export async function mountProvider(app: FastifyInstance, provider: Provider, publicUrl: string, allowedOrigins: readonly string[]) {
  const callback = provider.callback();
  const origin = new URL(publicUrl);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // The provider's own endpoints are described in the OpenAPI document as OIDC (app.ts), not as a catch-all.
    scope.all('/auth', { schema: { hide: true } }, forward);
    scope.all('/auth/*', { schema: { hide: true } }, forward);
    async function forward(request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) {
      const caller = request.headers.origin;
      if (request.method === 'OPTIONS' && caller && !allowedOrigins.includes(caller) && !PUBLIC_DOCUMENTS.test(request.url)) {
        return reply.status(204).header('vary', 'Origin').send();
      }
      reply.hijack();
      // The security headers the hooks gave the reply (http/security-headers.ts) go on the raw answer the provider writes.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice('/auth'.length) || '/';
      // The provider (proxy mode) builds its absolute URLs from these: PUBLIC_URL, never the client's headers.
      raw.headers['x-forwarded-host'] = origin.host;
      raw.headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
      delete raw.headers['x-forwarded-port'];
      await callback(raw, reply.raw);
    }
  });
}
