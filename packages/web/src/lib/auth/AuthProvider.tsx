import { useEffect, type ReactNode } from 'react';
import { AuthContext } from './auth-context.ts';
import type { AuthSession } from './session.ts';

/** Provides the session and runs its token watch while the app is mounted. */
export function AuthProvider({ session, children }: { session: AuthSession; children: ReactNode }) {
  useEffect(() => session.startTokenWatch(), [session]);
  return <AuthContext value={session}>{children}</AuthContext>;
}
