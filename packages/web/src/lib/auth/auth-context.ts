import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AuthState } from './auth-store.ts';
import type { AuthSession } from './session.ts';

export const AuthContext = createContext<AuthSession | null>(null);

export function useAuthSession(): AuthSession {
  const session = useContext(AuthContext);
  if (!session) throw new Error('useAuthSession must be used inside <AuthProvider>');
  return session;
}

/** The auth status and signed-in user, re-rendering on every change. */
export function useAuth(): AuthState {
  const { store } = useAuthSession();
  return useSyncExternalStore(store.subscribe, store.get);
}
