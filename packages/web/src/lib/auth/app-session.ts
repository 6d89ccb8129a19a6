import { AuthSession } from './session.ts';

/** The one session of the running app; the bootstrap configures it from `/api/v1/config`. */
export const appSession = new AuthSession();
