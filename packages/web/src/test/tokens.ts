import type { OidcClient, OidcUser } from '../lib/auth/session.ts';

const base64Url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT carrying these claims (the browser never checks signatures). */
export const makeJwt = (claims: Record<string, unknown>) => `${base64Url({ alg: 'none' })}.${base64Url(claims)}.sig`;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function makeOidcUser(overrides: Partial<OidcUser> & { roles?: string[]; expiresIn?: number } = {}): OidcUser {
  const { roles = ['CCM'], expiresIn = 3600, ...rest } = overrides;
  const expires_at = nowSeconds() + expiresIn;
  return {
    access_token: makeJwt({
      sub: 'u-1', preferred_username: 'ada', given_name: 'Ada', family_name: 'Rossi',
      realm_access: { roles: ['default-roles-geria', ...roles] }, exp: expires_at,
    }),
    expires_at,
    id_token: 'id-token',
    profile: { sub: 'u-1' },
    ...rest,
  };
}

/** An in-memory stand-in for oidc-client-ts' UserManager. */
export class FakeOidcClient implements OidcClient {
  user: OidcUser | null;
  renewed: OidcUser | null = null;
  /** What a failed renewal throws: by default the provider refusing the refresh token. */
  renewalError: Error = Object.assign(new Error('invalid_grant'), { name: 'ErrorResponse' });
  signoutError: Error | null = null;
  redirects: unknown[] = [];
  /** Every sign-in redirect's arguments (state and ui_locales). */
  redirectArgs: unknown[] = [];
  signouts: unknown[] = [];
  callbackResult: OidcUser | Error = makeOidcUser();

  constructor(user: OidcUser | null = null) {
    this.user = user;
  }

  getUser = async () => this.user;
  removeUser = async () => {
    this.user = null;
  };
  signinRedirect = async (args?: { state?: unknown; ui_locales?: string }) => {
    this.redirects.push(args?.state);
    this.redirectArgs.push(args);
  };
  signinRedirectCallback = async () => {
    if (this.callbackResult instanceof Error) throw this.callbackResult;
    this.user = this.callbackResult;
    return this.callbackResult;
  };
  signinSilent = async () => {
    if (!this.renewed) throw this.renewalError;
    this.user = this.renewed;
    return this.renewed;
  };
  signoutRedirect = async (args?: { id_token_hint?: string }) => {
    this.signouts.push(args);
    this.user = null;
    if (this.signoutError) throw this.signoutError;
  };
}
