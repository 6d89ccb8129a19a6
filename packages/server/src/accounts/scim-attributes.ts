import { parseAttributePath, ScimFilterError } from './scim-filter.ts';
import { ScimError } from './scim-input.ts';

/**
 * `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5, §3.9) on a SCIM resource as JSON: the
 * named attributes only (with id and schemas, returned always), or all but the named ones.
 * Names are case-insensitive and may carry their schema URN; an extension's URN alone names all of
 * it. Names the resource does not have select nothing, as the RFC leaves them.
 */
export interface Projection { attributes?: string[]; excludedAttributes?: string[] }

type Json = Record<string, unknown>;
const ALWAYS = new Set(['id', 'schemas']);

/** "a, b" (query string) or ["a", "b"] (search request) as a list of names. */
export function attributeList(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const names = (Array.isArray(value) ? value : value.split(',')).map((n) => n.trim()).filter(Boolean);
  return names.length ? names : undefined;
}

/** Where a name points in the resource: a top-level key (extension objects are keyed by their URN) and maybe a sub-attribute. */
function locate(resource: Json, name: string, coreSchema: string): { key: string; sub?: string } | undefined {
  let path;
  try { path = parseAttributePath(name); } catch (error) {
    if (error instanceof ScimFilterError) throw new ScimError(400, 'invalidValue', `"${name}" is not an attribute name`);
    throw error;
  }
  const keyOf = (lower: string) => Object.keys(resource).find((k) => k.toLowerCase() === lower);
  const whole = path.schema !== undefined && !path.subAttribute ? keyOf(`${path.schema}:${path.attribute}`) : undefined;
  if (whole && whole.startsWith('urn:')) return { key: whole };
  const container = path.schema === undefined || path.schema === coreSchema.toLowerCase() ? resource : resource[keyOf(path.schema) ?? ''];
  if (!container || typeof container !== 'object') return undefined;
  const key = Object.keys(container).find((k) => k.toLowerCase() === path.attribute);
  if (key === undefined) return undefined;
  // An extension's attribute: the extension object is the key, its attribute the "sub-attribute".
  if (container !== resource) return path.subAttribute ? undefined : { key: keyOf(path.schema!)!, sub: path.attribute };
  return { key, ...(path.subAttribute && { sub: path.subAttribute }) };
}

// Sub-attributes are matched lower-cased: a multi-valued attribute may have no value to read names from.
const pick = (value: unknown, subs: Set<string>): unknown => {
  if (Array.isArray(value)) return value.map((v) => pick(v, subs));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => subs.has(k.toLowerCase())));
};

const omit = (value: unknown, subs: Set<string>): unknown => {
  if (Array.isArray(value)) return value.map((v) => omit(v, subs));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !subs.has(k.toLowerCase())));
};

export function project<T extends Json>(resource: T, projection: Projection, coreSchema: string): Json {
  const { attributes, excludedAttributes } = projection;
  if (attributes) {
    const chosen = new Map<string, Set<string> | 'all'>();
    for (const name of attributes) {
      const at = locate(resource, name, coreSchema);
      if (!at) continue;
      const current = chosen.get(at.key);
      if (!at.sub) chosen.set(at.key, 'all');
      else if (current !== 'all') chosen.set(at.key, (current ?? new Set()).add(at.sub));
    }
    const out: Json = {};
    for (const [key, value] of Object.entries(resource)) {
      const choice = chosen.get(key);
      if (ALWAYS.has(key) || choice === 'all') out[key] = value;
      else if (choice) out[key] = pick(value, choice);
    }
    return out;
  }
  if (excludedAttributes) {
    const out: Json = { ...resource };
    for (const name of excludedAttributes) {
      const at = locate(out, name, coreSchema);
      if (!at || ALWAYS.has(at.key)) continue;
      if (at.sub) out[at.key] = omit(out[at.key], new Set([at.sub]));
      else delete out[at.key];
    }
    return out;
  }
  return resource;
}
