import { guardRoute } from '@geria/domain';

/** oidc-client-ts keeps the signed-in user in localStorage under `oidc.user:<issuer>:<client>`. */
const hasStoredUser = (storage: Storage): boolean => {
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith('oidc.user:')) return true;
  return false;
};

/**
 * Where a visitor without a stored session must sign in before seeing anything: the page to come
 * back to, or null when the page loads the interface (a public page, the provider's interaction
 * page /login?uid=…, the sign-in callback, a stored session). Mirrors RouteGuard and the Login
 * screen: a page needing a session sends to Login, which signs in for that page; Login itself
 * signs in for Home.
 */
export function signInReturnTo(location: Pick<Location, 'pathname' | 'search'>, storage: Storage): string | null {
  if (hasStoredUser(storage)) return null;
  if (location.pathname === '/login') return new URLSearchParams(location.search).has('uid') ? null : '/';
  const decision = guardRoute(location.pathname, null);
  return decision.kind === 'redirect' && decision.reason === 'login' ? `${location.pathname}${location.search}` : null;
}
