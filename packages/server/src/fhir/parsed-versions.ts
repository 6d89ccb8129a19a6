import { sql } from 'kysely';
import type { Resource } from '@medplum/fhirtypes';
import { LRUCache } from 'lru-cache';
import type { Executor } from './repository.ts';

/**
 * Parsed resources by stored version. A version's JSON never changes (every write makes a new
 * version with a new last_updated, and the key holds both), so a resource read again need not be
 * parsed again, nor even sent again: a search names its versions by key (versionKey), and only the
 * versions this process has not seen yet are read, from fhir_history, in one more statement.
 * Parsing the participant's resources was a quarter of the working state's server CPU under load,
 * and turning their jsonb into text a good part of PostgreSQL's. Entries are frozen all the way
 * down, since every reader shares them.
 */
const MAX_TEXT = 32 * 1024 * 1024;
const parsed = new LRUCache<string, Resource>({ maxSize: MAX_TEXT });

/** Separates one version's key from the next in an aggregated list. */
export const VERSION_END = '\x1e';

/** A stored version's key, as SQL over a row of fhir_resource or fhir_history aliased `row`. */
export const versionKey = (row: string) =>
  sql<string>`${sql.ref(`${row}.resource_type`)} || '/' || ${sql.ref(`${row}.id`)} || '/' || ${sql.ref(`${row}.version_id`)} || '/' || ${sql.ref(`${row}.last_updated`)}`;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The version keys of an aggregated list (null or '' when there are none). */
export const versionKeys = (text: unknown): string[] => (typeof text === 'string' && text !== '' ? text.split(VERSION_END) : []);

/** Keeps the parsed resource of a version's JSON, and gives it (the one kept already, if any). */
export function rememberVersion(key: string, json: string): Resource {
  let resource = parsed.get(key);
  if (!resource) {
    resource = deepFreeze(JSON.parse(json) as Resource);
    parsed.set(key, resource, { size: json.length || 1 });
  }
  return resource;
}

/**
 * The resources of these versions by key, read in the caller's transaction where they are not kept
 * yet. A version erased (GDPR) since its key was read has none, as a search would not find it now.
 */
export async function resourcesOfVersions(db: Executor, keys: readonly string[]): Promise<Map<string, Resource>> {
  const found = new Map<string, Resource>();
  const missing: string[] = [];
  for (const key of keys) {
    const resource = parsed.get(key);
    if (resource) found.set(key, resource);
    else missing.push(key);
  }
  if (missing.length) {
    const parts = [...new Set(missing)].map((key) => key.split('/'));
    const { rows } = await sql<{ key: string; json: string }>`select ${versionKey('h')} as key, h.content::text as json
      from fhir_history h join unnest(${sql.val(parts.map((p) => p[0]))}::text[], ${sql.val(parts.map((p) => p[1]))}::text[], ${sql.val(parts.map((p) => Number(p[2])))}::int[]) as k(resource_type, id, version_id)
        on h.resource_type = k.resource_type and h.id = k.id and h.version_id = k.version_id
      where h.content is not null`.execute(db);
    for (const { key, json } of rows) found.set(key, rememberVersion(key, json));
  }
  return found;
}
