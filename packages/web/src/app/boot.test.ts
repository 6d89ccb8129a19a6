import { describe, expect, it } from 'vitest';
import { signInReturnTo } from './boot.ts';

const storage = (...keys: string[]): Storage => {
  const map = new Map(keys.map((k) => [k, '{}']));
  return { get length() { return map.size; }, key: (i: number) => [...map.keys()][i] ?? null, getItem: (k: string) => map.get(k) ?? null, setItem: () => undefined, removeItem: () => undefined, clear: () => undefined };
};
const at = (url: string) => { const u = new URL(url, 'http://localhost'); return { pathname: u.pathname, search: u.search }; };

describe('signing in before the interface loads', () => {
  it('signs a visitor without a session in for the page they opened, as RouteGuard and Login would', () => {
    expect(signInReturnTo(at('/patient?q=ro'), storage())).toBe('/patient?q=ro');
    expect(signInReturnTo(at('/'), storage('oidc.some-pending-state'))).toBe('/');
    expect(signInReturnTo(at('/login'), storage())).toBe('/');
  });

  it('loads the interface for a stored session, public pages, the interaction page and the callback', () => {
    expect(signInReturnTo(at('/patient'), storage('oidc.user:http://localhost/auth:geria-web'))).toBeNull();
    expect(signInReturnTo(at('/login?uid=abc'), storage())).toBeNull();
    expect(signInReturnTo(at('/registration'), storage())).toBeNull();
    expect(signInReturnTo(at('/callback?code=x&state=y'), storage())).toBeNull();
  });
});
