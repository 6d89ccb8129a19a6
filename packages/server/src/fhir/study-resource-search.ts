import type { Bundle, Resource } from '@medplum/fhirtypes';
import { invalid } from './outcome.ts';
import { readOnlyResources } from './study-resources.ts';
import { DEFAULT_COUNT, MAX_COUNT, nonNegative, pageOffset } from './search.ts';

type Loose = Record<string, unknown>;

/**
 * Search over the study's read-only resources (study-resources.ts), a few dozen held in code: each
 * is matched in memory. `_id` on every type; ValueSet also by `url` (exact, a `|version` ignored: the
 * lists have one version) and `name` (FHIR string search: starts with, ignoring case and accents).
 */
const PARAMS: Record<string, (resource: Loose, value: string) => boolean> = {
  _id: (r, value) => r.id === value,
  url: (r, value) => r.url === value.split('|')[0],
  name: (r, value) => typeof r.name === 'string' && folded(r.name).startsWith(folded(value)),
};
const TYPE_PARAMS: Record<string, readonly string[]> = { ValueSet: ['_id', 'url', 'name'], Organization: ['_id'], ResearchStudy: ['_id'], Group: ['_id'] };
export const readOnlySearchParams = (type: string): readonly string[] => TYPE_PARAMS[type] ?? [];

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** `resources`: the type's resources when they are not the study's fixed ones (the actor's Groups). */
export function searchReadOnly(type: string, params: URLSearchParams, baseUrl: string, resources: readonly Resource[] = readOnlyResources(type)): Bundle {
  let count = DEFAULT_COUNT;
  let offset = 0;
  const filters: ((r: Loose) => boolean)[] = [];
  const query: [string, string][] = [];
  for (const [key, value] of params) {
    if (key === '_count') count = Math.min(nonNegative(key, value), MAX_COUNT);
    else if (key === '_offset') offset = pageOffset(key, value);
    else if (readOnlySearchParams(type).includes(key)) {
      query.push([key, value]);
      // Comma-separated values are ORed, as in every FHIR search.
      const values = value.split(',').map((v) => v.trim()).filter(Boolean);
      if (values.length) filters.push((r) => values.some((v) => PARAMS[key](r, v)));
    } else throw invalid(`Unknown search parameter "${key}" for ${type}`, key);
  }
  const matches = resources.filter((r) => filters.every((f) => f(r as unknown as Loose)));
  const page = matches.slice(offset, offset + count);
  const link = (at: number) => `${baseUrl}/${type}?${new URLSearchParams([...query, ['_count', String(count)], ['_offset', String(at)]])}`;
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: matches.length,
    link: [
      { relation: 'self', url: link(offset) },
      ...(offset + count < matches.length ? [{ relation: 'next', url: link(offset + count) }] : []),
    ],
    entry: page.map((resource: Resource) => ({ fullUrl: `${baseUrl}/${type}/${resource.id}`, resource, search: { mode: 'match' as const } })),
  };
}
