import { appSession } from '../lib/auth/app-session.ts';
import { readClientConfig } from '../lib/auth/client-config.ts';
import { createUserManager } from '../lib/auth/user-manager.ts';

/**
 * Sends a visitor without a session straight to the identity provider, as the Login screen would,
 * without loading the interface first. Resolves false when the redirect could not start (the
 * interface then loads, and its Login screen retries and tells the user).
 */
export async function signInFirst(inlineConfig: string | null | undefined, returnTo: string): Promise<boolean> {
  const config = await readClientConfig(inlineConfig).catch(() => null);
  if (!config) return false;
  appSession.configure(createUserManager(config));
  return appSession.login(returnTo).then(() => true, () => false);
}
