import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiAnswer } from '../../../api/answers.ts';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { appSession } from '../../../lib/auth/app-session.ts';
import { downloadBlob } from '../../../lib/download.ts';

export type AuditRecord = ApiAnswer<'getAudit'>['items'][number];
export interface AuditFilter { actor?: string; participantId?: string; action?: string; entityType?: string; from?: string; to?: string; organisation?: string }

const PAGE = 50;
const defined = (f: AuditFilter) => Object.fromEntries(Object.entries(f).filter(([, v]) => v)) as Record<string, string>;

/** The trail newest first, 50 at a time, the next page starting below the last id seen. */
export function useAuditTrail(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: ['audit', filter],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => api.get<{ items: AuditRecord[] }>('/audit', { query: { ...defined(filter), limit: PAGE, before: pageParam }, signal }),
    getNextPageParam: (last) => (last.items.length === PAGE ? last.items.at(-1)!.id : undefined),
  });
}

/** The filtered trail as CSV, fetched with the bearer token (the JSON client reads text only). */
export async function downloadAuditCsv(filter: AuditFilter) {
  const response = await fetch(`/api/v1/audit/export.csv?${new URLSearchParams(defined(filter))}`, { headers: { Authorization: `Bearer ${appSession.token() ?? ''}` } });
  if (!response.ok) throw ApiError.fromResponse(response.status, await response.json().catch(() => null), response.statusText);
  downloadBlob(await response.blob(), `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`);
}
