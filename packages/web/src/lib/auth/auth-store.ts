import type { SessionUser } from '@geria/domain';

/** SPEC §4 "Authentication status"; `empty` means no session (never signed in, or logged out). */
export type AuthStatus = 'loading' | 'success' | 'error' | 'refreshing' | 'empty';

export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  accessToken: string | null;
  /** Expiry of the access token, in seconds since the epoch. */
  expiresAt: number | null;
}

export interface AuthStore {
  get(): AuthState;
  set(next: Partial<AuthState>): void;
  subscribe(listener: () => void): () => void;
}

export const SIGNED_OUT: Omit<AuthState, 'status'> = { user: null, accessToken: null, expiresAt: null };

/** A tiny external store read with useSyncExternalStore by React and directly by the API client. */
export function createAuthStore(initial: AuthState = { status: 'loading', ...SIGNED_OUT }): AuthStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      state = { ...state, ...next };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
