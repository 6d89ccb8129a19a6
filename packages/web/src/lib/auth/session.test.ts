import { afterEach, describe, expect, it } from 'vitest';
import { FakeOidcClient, makeOidcUser } from '../../test/tokens.ts';
import { takeFlash } from '../flash.ts';
import { AuthSession } from './session.ts';

function sessionWith(client: FakeOidcClient) {
  const session = new AuthSession();
  session.configure(client);
  return session;
}

afterEach(() => window.sessionStorage.clear());

describe('AuthSession', () => {
  it('restores a stored session with the user read from the access token', async () => {
    const session = sessionWith(new FakeOidcClient(makeOidcUser({ roles: ['Auditor'] })));
    await session.init();
    expect(session.store.get()).toMatchObject({ status: 'success', user: { fullName: 'Ada Rossi', roles: ['Auditor'] } });
    expect(session.token()).toMatch(/\./);
  });

  it('starts empty without a stored user', async () => {
    const session = sessionWith(new FakeOidcClient(null));
    await session.init();
    expect(session.store.get()).toMatchObject({ status: 'empty', user: null });
  });

  it('rejects a stored user whose access token is null', async () => {
    const client = new FakeOidcClient(makeOidcUser({ access_token: null }));
    const session = sessionWith(client);
    await session.init();
    expect(session.store.get().status).toBe('empty');
    expect(client.user).toBeNull();
  });

  it('renews on the token check when fewer than 60 s remain, and not before', async () => {
    const client = new FakeOidcClient(makeOidcUser({ expiresIn: 120 }));
    client.renewed = makeOidcUser({ expiresIn: 3600, roles: ['Tester'] });
    const session = sessionWith(client);
    await session.init();
    await session.checkToken();
    expect(session.store.get().user?.roles).toEqual(['CCM']);
    await session.checkToken(Date.now() + 61_000);
    expect(session.store.get()).toMatchObject({ status: 'success', user: { roles: ['Tester'] } });
  });

  it('ends the session with "Session Expired" when renewal fails', async () => {
    const client = new FakeOidcClient(makeOidcUser({ expiresIn: 10 }));
    const session = sessionWith(client);
    await session.init();
    expect(session.store.get()).toMatchObject({ status: 'empty', user: null, accessToken: null });
    expect(client.user).toBeNull();
    expect(takeFlash()).toEqual({ kind: 'alert', key: 'auth.sessionExpired' });
  });

  it('keeps a still-valid session when renewal fails on the network, to retry at the next check', async () => {
    const client = new FakeOidcClient(makeOidcUser({ expiresIn: 30 }));
    client.renewalError = new TypeError('Failed to fetch');
    const session = sessionWith(client);
    await session.init();
    expect(session.store.get()).toMatchObject({ status: 'success', user: { fullName: 'Ada Rossi' } });
    expect(takeFlash()).toBeNull();
  });

  it('ends an expired session even when renewal failed on the network', async () => {
    const client = new FakeOidcClient(makeOidcUser({ expiresIn: -5 }));
    client.renewalError = new TypeError('Failed to fetch');
    const session = sessionWith(client);
    await session.init();
    expect(session.store.get().status).toBe('empty');
  });

  it('shows the refreshing status while a renewal runs and shares one renewal between callers', async () => {
    const client = new FakeOidcClient(makeOidcUser());
    client.renewed = makeOidcUser();
    const session = sessionWith(client);
    await session.init();
    const first = session.renew();
    expect(session.refreshing()).toBe(true);
    expect(session.renew()).toBe(first);
    await expect(first).resolves.toBe(true);
    expect(session.store.get().status).toBe('success');
  });

  it('keeps the page asked for through the sign-in and returns it on the callback', async () => {
    const client = new FakeOidcClient(null);
    client.callbackResult = makeOidcUser({ state: { returnTo: '/gdpr' } });
    const session = sessionWith(client);
    await session.login('/gdpr');
    expect(client.redirects).toEqual([{ returnTo: '/gdpr' }]);
    await expect(session.completeLogin('http://x/callback?code=1')).resolves.toMatchObject({ returnTo: '/gdpr', user: { fullName: 'Ada Rossi' } });
  });

  it("asks the provider's sign-in page for the user's saved language", async () => {
    const client = new FakeOidcClient(null);
    const session = sessionWith(client);
    await session.login('/', 'el');
    expect(client.redirectArgs.at(-1)).toEqual({ state: { returnTo: '/' }, ui_locales: 'el' });
    window.localStorage.setItem('geria.language', 'ro');
    await session.login('/');
    expect(client.redirectArgs.at(-1)).toEqual({ state: { returnTo: '/' }, ui_locales: 'ro' });
    window.localStorage.removeItem('geria.language');
    await session.login('/');
    expect(client.redirectArgs.at(-1)).toEqual({ state: { returnTo: '/' } });
  });

  it('never returns to another site after sign-in', async () => {
    const client = new FakeOidcClient(null);
    client.callbackResult = makeOidcUser({ state: { returnTo: '//evil.example' } });
    const session = sessionWith(client);
    await session.login('//evil.example');
    expect(client.redirects).toEqual([{ returnTo: '/' }]);
    await expect(session.completeLogin('http://x/callback?code=2')).resolves.toMatchObject({ returnTo: '/' });
  });

  it('sets the error status when the callback fails', async () => {
    const client = new FakeOidcClient(null);
    client.callbackResult = new Error('invalid state');
    const session = sessionWith(client);
    await expect(session.completeLogin('http://x/callback?error=1')).rejects.toThrow('invalid state');
    expect(session.store.get().status).toBe('error');
  });

  it('signs out with the id token hint and leaves "Logged Out" for the login form', async () => {
    const client = new FakeOidcClient(makeOidcUser());
    const session = sessionWith(client);
    await session.init();
    await expect(session.logout()).resolves.toBe('redirecting');
    expect(client.signouts).toEqual([{ id_token_hint: 'id-token' }]);
    expect(session.store.get().status).toBe('empty');
    expect(takeFlash()).toEqual({ kind: 'success', key: 'auth.loggedOut' });
  });

  it('reports a failed sign-out and leaves "Logout wasn\'t successful" when the user was removed', async () => {
    const client = new FakeOidcClient(makeOidcUser());
    client.signoutError = new Error('end_session_endpoint unreachable');
    const session = sessionWith(client);
    await session.init();
    await expect(session.logout()).resolves.toBe('failed-signed-out');
    expect(takeFlash()).toEqual({ kind: 'alert', key: 'UPDATE.Message_110' });
  });
});
