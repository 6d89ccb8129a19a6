import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-error.ts';
import { createHttpClient } from '../../../lib/http.ts';

/** The identity provider's sign-in interaction (anonymous: there is no session yet). */
const provider = createHttpClient({ baseUrl: '/auth' });

const interactionSchema = z.object({ uid: z.string(), prompt: z.string() });
const loginAnswerSchema = z.object({ redirectTo: z.string().min(1) });

export const credentialsSchema = z.object({
  username: z.string().trim().min(1, 'login.required'),
  password: z.string().min(1, 'login.required'),
});
export type Credentials = z.infer<typeof credentialsSchema>;

const interactionPath = (uid: string) => `/interaction/${encodeURIComponent(uid)}`;

/** The pending interaction; null once it expired (404), so the caller starts a new sign-in. */
export function useInteraction(uid: string) {
  return useQuery({
    queryKey: ['auth', 'interaction', uid],
    queryFn: () =>
      provider.get(`${interactionPath(uid)}/details`, { schema: interactionSchema }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    retry: false,
    staleTime: Infinity,
  });
}

/** Submits the credentials; the answer says where the browser goes next. */
export function useSubmitLogin(uid: string) {
  return useMutation({
    mutationFn: (credentials: Credentials) =>
      provider.post(`${interactionPath(uid)}/login`, credentials, { schema: loginAnswerSchema }),
  });
}

/** Statuses whose error code says what the user can do (wrong password, locked account, too many attempts). */
const EXPLAINED_STATUSES = new Set([401, 403, 429]);

/** The catalogue key (and fallback text) to show for a failed sign-in. */
export function loginFailureMessage(error: unknown): { key: string; fallback?: string } {
  if (error instanceof ApiError && EXPLAINED_STATUSES.has(error.status)) {
    return { key: error.code, fallback: error.message };
  }
  return { key: 'auth.loginError' };
}
