import { appSession } from './auth/app-session.ts';
import { createHttpClient } from './http.ts';

/** The Geria API (`/api/v1`): JSON, bearer token, 30 s time-out, errors as ApiError. */
export const api = createHttpClient({ baseUrl: '/api/v1', auth: appSession });
