import { appSession } from '../../../lib/auth/app-session.ts';
import { createHttpClient } from '../../../lib/http.ts';

/** The public account endpoints (registration, password recovery): no session yet. */
export const publicApi = createHttpClient({ baseUrl: '/api/v1' });

/** The approval tasks live under the spec's own path (SPEC §7 `/api/users/v1/me/approval-tasks`). */
export const approvalApi = createHttpClient({ baseUrl: '/api/users/v1/me', auth: appSession });
