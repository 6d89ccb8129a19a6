import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { ClientConfig } from './client-config.ts';

/** The OIDC client configured from `/api/v1/config`: code flow with PKCE, user kept in localStorage. */
export function createUserManager(config: ClientConfig, origin = window.location.origin): UserManager {
  return new UserManager({
    authority: config.issuer,
    client_id: config.clientId,
    scope: config.scope,
    redirect_uri: `${origin}/callback`,
    post_logout_redirect_uri: `${origin}/login`,
    response_type: 'code',
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // Renewal is driven by AuthSession's own 6-second check.
    automaticSilentRenew: false,
    monitorSession: false,
  });
}
