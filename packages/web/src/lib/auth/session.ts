import { isLanguage, LANGUAGE_STORAGE_KEY, TOKEN_CHECK_INTERVAL_MS, type SessionUser } from '@geria/domain';
import * as z from 'zod/mini';
import { clearFlash, setFlash } from '../flash.ts';
import type { AuthPort } from '../http.ts';
import { createAuthStore, SIGNED_OUT, type AuthStore } from './auth-store.ts';
import { sessionUserFromTokens } from './claims.ts';
import { shouldRenew } from './renewal.ts';

/** The parts of an oidc-client-ts `User` the session reads. */
export interface OidcUser {
  access_token: string | null | undefined;
  expires_at?: number;
  id_token?: string;
  profile: unknown;
  state?: unknown;
}

/** The parts of oidc-client-ts' `UserManager` the session uses (a fake in tests). */
export interface OidcClient {
  getUser(): Promise<OidcUser | null>;
  removeUser(): Promise<void>;
  signinRedirect(args?: { state?: unknown; ui_locales?: string }): Promise<void>;
  signinRedirectCallback(url?: string): Promise<OidcUser>;
  signinSilent(): Promise<OidcUser | null>;
  signoutRedirect(args?: { id_token_hint?: string }): Promise<void>;
}

/** oidc-client-ts marks the provider's OAuth error answers (e.g. invalid_grant) with this name. */
const isProviderRefusal = (error: unknown) => error instanceof Error && error.name === 'ErrorResponse';

/** Where to go after sign-in, carried through the provider in the OIDC state. */
const signinStateSchema = z.object({ returnTo: z.string().check(z.regex(/^\/(?!\/)/)) });

/** The language the user chose in the app (localStorage), if any. */
function savedLanguage(): string | undefined {
  try {
    const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : undefined;
  } catch {
    return undefined;
  }
}

export type LogoutOutcome = 'redirecting' | 'failed-signed-in' | 'failed-signed-out';

/**
 * The browser session: signs in and out through the identity provider, keeps the auth status
 * store current, renews the token with the refresh token before it expires, and ends the session
 * with "Session Expired" when renewal fails.
 */
export class AuthSession implements AuthPort {
  readonly store: AuthStore = createAuthStore();
  private client: OidcClient | null = null;
  private renewal: Promise<boolean> | null = null;
  private readonly callbacks = new Map<string, Promise<{ user: SessionUser; returnTo: string }>>();

  configure(client: OidcClient): void {
    this.client = client;
  }

  private oidc(): OidcClient {
    if (!this.client) throw new Error('The identity provider is not configured');
    return this.client;
  }

  /** Adopts a user from the provider; a missing (null) access token is rejected. */
  private adopt(oidcUser: OidcUser): SessionUser {
    const token = oidcUser.access_token;
    if (!token) throw new Error('The identity provider returned no access token');
    const user = sessionUserFromTokens(token, oidcUser.profile);
    if (!user) throw new Error('The access token has no subject');
    this.store.set({ status: 'success', user, accessToken: token, expiresAt: oidcUser.expires_at ?? null });
    return user;
  }

  /** Restores the stored session at start-up, renewing it when it is about to expire. */
  async init(now = Date.now()): Promise<void> {
    const stored = await this.oidc().getUser().catch(() => null);
    // A sign-in completed meanwhile (the callback page) has the last word.
    if (this.store.get().status !== 'loading') return;
    if (!stored?.access_token) {
      if (stored) await this.oidc().removeUser();
      this.store.set({ status: 'empty', ...SIGNED_OUT });
      return;
    }
    this.adopt(stored);
    if (shouldRenew(stored.expires_at, now)) await this.renew();
  }

  token(): string | null {
    return this.store.get().accessToken;
  }

  refreshing(): boolean {
    return this.store.get().status === 'refreshing';
  }

  /**
   * Starts the authorization-code flow; the browser leaves the app. The user's saved language goes
   * along as `ui_locales`, so the provider's sign-in page (rendered by the server, which cannot read
   * this browser's storage) speaks it; without one the page follows the browser, as the app does.
   */
  login(returnTo = '/', language = savedLanguage()): Promise<void> {
    const state = signinStateSchema.safeParse({ returnTo }).success ? { returnTo } : { returnTo: '/' };
    return this.oidc().signinRedirect(language ? { state, ui_locales: language } : { state });
  }

  /** Completes the sign-in on /callback (once per URL, so a double effect does not replay the code). */
  completeLogin(url: string): Promise<{ user: SessionUser; returnTo: string }> {
    let pending = this.callbacks.get(url);
    if (!pending) {
      pending = this.oidc().signinRedirectCallback(url).then(
        (oidcUser) => ({
          user: this.adopt(oidcUser),
          returnTo: signinStateSchema.safeParse(oidcUser.state).data?.returnTo ?? '/',
        }),
        (error: unknown) => {
          this.store.set({ status: 'error', ...SIGNED_OUT });
          throw error;
        },
      );
      this.callbacks.set(url, pending);
    }
    return pending;
  }

  /** Renews the token with the refresh token; concurrent callers share one attempt. */
  renew(): Promise<boolean> {
    this.renewal ??= this.runRenewal().finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  private async runRenewal(now = Date.now()): Promise<boolean> {
    this.store.set({ status: 'refreshing' });
    try {
      const renewed = await this.oidc().signinSilent();
      if (!renewed) throw new Error('No session to renew');
      this.adopt(renewed);
      return true;
    } catch (error) {
      // A network failure (or a reload mid-renewal) while the token is still valid is retried at
      // the next check; a refused refresh token or an expired access token ends the session.
      const { expiresAt } = this.store.get();
      if (!isProviderRefusal(error) && expiresAt !== null && expiresAt * 1000 > now) {
        this.store.set({ status: 'success' });
        return false;
      }
      await this.expire();
      return false;
    }
  }

  /** Ends the session: the user is removed, the router sends them to Login, which shows "Session Expired". */
  async expire(): Promise<void> {
    setFlash({ kind: 'alert', key: 'auth.sessionExpired' });
    this.store.set({ status: 'empty', ...SIGNED_OUT });
    await this.client?.removeUser();
  }

  /** One tick of the token watch: renews when fewer than 60 s of validity remain. */
  async checkToken(now = Date.now()): Promise<void> {
    const { status, expiresAt } = this.store.get();
    if (status === 'success' && shouldRenew(expiresAt, now)) await this.renew();
  }

  /** Checks the token every 6 s (our own loop instead of oidc-client-ts' automatic silent renew). */
  startTokenWatch(intervalMs = TOKEN_CHECK_INTERVAL_MS): () => void {
    const timer = setInterval(() => void this.checkToken(), intervalMs);
    return () => clearInterval(timer);
  }

  /**
   * Signs out at the provider, which then redirects to /login. "Logged Out" waits in a flash for
   * the login form; when the redirect fails the caller shows "Logout wasn't successful".
   */
  async logout(): Promise<LogoutOutcome> {
    const client = this.oidc();
    const stored = await client.getUser();
    setFlash({ kind: 'success', key: 'auth.loggedOut' });
    try {
      await client.signoutRedirect({ id_token_hint: stored?.id_token });
      this.store.set({ status: 'empty', ...SIGNED_OUT });
      return 'redirecting';
    } catch {
      clearFlash();
      const remaining = await client.getUser();
      if (remaining?.access_token) return 'failed-signed-in';
      // The provider removed the local user before failing: the user is signed out here anyway.
      setFlash({ kind: 'alert', key: 'UPDATE.Message_110' });
      this.store.set({ status: 'empty', ...SIGNED_OUT });
      return 'failed-signed-out';
    }
  }
}
