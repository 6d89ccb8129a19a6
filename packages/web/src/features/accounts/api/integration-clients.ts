import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { INTEGRATION_CLIENT_KINDS, SUBJECT_ID_KINDS, type IntegrationClientInput } from '@geria/domain';
import { api } from '../../../lib/api.ts';

const clientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  description: z.string(),
  organisation: z.string(),
  role: z.string(),
  kind: z.enum(INTEGRATION_CLIENT_KINDS),
  permissions: z.array(z.string()),
  subjectIds: z.enum(SUBJECT_ID_KINDS),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
  previousSecretValidUntil: z.string().nullable(),
});
const listedSchema = clientSchema.extend({
  lastUsedAt: z.string().nullable(),
  requestsPerDay: z.array(z.object({ day: z.string(), requests: z.number() })),
});
export type IntegrationClient = z.infer<typeof listedSchema>;

/** A created or rotated client, with its secret (or API key): the only time the app sees it. */
const withSecretSchema = z.object({ client: clientSchema, secret: z.string() });
export type ClientWithSecret = z.infer<typeof withSecretSchema>;

const KEY = ['accounts', 'integration-clients'] as const;
const path = (clientId: string) => `/integration-clients/${encodeURIComponent(clientId)}`;

export function useIntegrationClients() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get('/integration-clients', { schema: z.object({ items: z.array(listedSchema) }), signal }) });
}

function useClientMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useCreateIntegrationClient = () =>
  useClientMutation((input: IntegrationClientInput) => api.post('/integration-clients', input, { schema: withSecretSchema }));

export const useRotateIntegrationClient = () =>
  useClientMutation((clientId: string) => api.post(`${path(clientId)}/rotate`, undefined, { schema: withSecretSchema }));

export const useSetIntegrationClientEnabled = () =>
  useClientMutation(({ clientId, enabled }: { clientId: string; enabled: boolean }) =>
    api.post(`${path(clientId)}/${enabled ? 'enable' : 'disable'}`, undefined, { schema: z.object({ client: clientSchema }) }));

export const useDeleteIntegrationClient = () => useClientMutation((clientId: string) => api.delete(path(clientId)));
