import type { IncomingHttpHeaders } from 'node:http';
import type { Resource } from '@medplum/fhirtypes';
import { notSupported } from './outcome.ts';

/**
 * The conditional headers of FHIR's http page, each honoured where it means something and refused
 * (400) everywhere else, never ignored: a client that sends If-Match on a DELETE or If-None-Match
 * on a create counts on a check, and must learn that none was made.
 *
 *   If-None-Exist      create (conditional create)
 *   If-Match           update, conditional update, patch, delete (version-aware writes)
 *   If-None-Match      read, vread (304 when the client has that version)
 *   If-Modified-Since  read, vread (304 when not changed since)
 */
export const CONDITIONAL_HEADERS = { 'if-none-exist': 'If-None-Exist', 'if-match': 'If-Match', 'if-none-match': 'If-None-Match', 'if-modified-since': 'If-Modified-Since' } as const;
export type ConditionalHeader = keyof typeof CONDITIONAL_HEADERS;

export function refuseOtherConditionals(headers: IncomingHttpHeaders, allowed: readonly ConditionalHeader[], interaction: string): void {
  for (const [header, name] of Object.entries(CONDITIONAL_HEADERS) as [ConditionalHeader, string][]) {
    if (headers[header] !== undefined && !allowed.includes(header)) throw notSupported(`${name} is not supported on ${interaction}`, name);
  }
}

/** Conditional read: whether the client's copy (If-None-Match, else If-Modified-Since) is still the resource as stored. */
export function isNotModified(headers: IncomingHttpHeaders, resource: Resource): boolean {
  const version = resource.meta?.versionId;
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    return noneMatch.split(',').some((tag) => {
      const value = tag.trim();
      return value === '*' || (version !== undefined && value.replace(/^W\//, '').replace(/"/g, '') === version);
    });
  }
  const since = headers['if-modified-since'];
  const updated = resource.meta?.lastUpdated;
  if (since === undefined || !updated) return false;
  const date = Date.parse(since);
  // HTTP dates have whole seconds: a version of the same second is not newer than the client's.
  return !Number.isNaN(date) && Math.floor(Date.parse(updated) / 1000) * 1000 <= date;
}
