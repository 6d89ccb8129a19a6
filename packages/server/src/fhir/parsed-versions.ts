import type { Resource } from '@medplum/fhirtypes';
import { LRUCache } from 'lru-cache';

/**
 * Parsed resources by stored version. A version's JSON never changes (every write makes a new
 * version with a new last_updated, and the key holds both), so a resource read again need not be
 * parsed again: parsing the participant's resources was a quarter of the working state's server CPU
 * under load. Entries are frozen all the way down, since every reader shares them.
 */
const MAX_TEXT = 32 * 1024 * 1024;
const parsed = new LRUCache<string, Resource>({ maxSize: MAX_TEXT });

/** Separates a version's key from its JSON, and one version from the next (JSON text escapes both). */
export const KEY_END = '\x1f';
export const VERSION_END = '\x1e';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The resource of `key␟json`, parsed once per version. */
export function parsedVersion(entry: string): Resource {
  const end = entry.indexOf(KEY_END);
  const key = entry.slice(0, end);
  let resource = parsed.get(key);
  if (!resource) {
    const json = entry.slice(end + 1);
    resource = deepFreeze(JSON.parse(json) as Resource);
    parsed.set(key, resource, { size: json.length || 1 });
  }
  return resource;
}

/** The resources of versions joined by VERSION_END (null or '' when there are none). */
export const parsedVersions = (text: unknown): Resource[] =>
  typeof text === 'string' && text !== '' ? text.split(VERSION_END).map(parsedVersion) : [];
