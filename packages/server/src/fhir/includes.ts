import type { Resource } from '@medplum/fhirtypes';
import { mayReadType, type FhirActor } from './access.ts';
import { invalid, notSupported } from './outcome.ts';
import { parseReference } from './references.ts';
import type { Executor } from './repository.ts';
import { isStoredType, searchParams, tokenKeys, type SearchParam, type StoredType } from './resource-types.ts';
import { runSearches, type Filter, type Scope, type SearchRequest } from './search.ts';

/**
 * _include and _revinclude (FHIR R4 search §3.1.1.5.5) over the reference parameters the stored
 * types index (resource-types.ts): Observation:subject, Condition:subject, ResearchSubject:individual,
 * DiagnosticReport:result, AdverseEvent:substance (also named AdverseEvent:suspectEntity) and the
 * others. Included resources are read like any search, in the caller's organisation scope and only
 * of types the caller's role may read, so an include never shows what a search of its own would not.
 */
export interface Include {
  /** The type holding the reference: the matches' type for _include, the included type for _revinclude. */
  source: StoredType;
  param: SearchParam;
  /** `Type:param:Target`: only references to Target. */
  target?: StoredType;
  /** As the client wrote it, for messages. */
  text: string;
}

/** The element names R4 examples use where R4 defines the search parameter under another name. */
const ALIASES: Record<string, string> = { 'AdverseEvent:suspectEntity': 'substance' };

/** A reverse include adds at most this many resources per _revinclude (a note says so when it cut). */
export const REVINCLUDE_LIMIT = 1000;

export function parseInclude(matchType: StoredType, key: string, value: string, reverse: boolean): Include {
  if (key !== '_include' && key !== '_revinclude') throw notSupported(`${key}: only _include and _revinclude are supported (not :iterate)`, key);
  const [source, rawName, target, ...rest] = value.split(':');
  const usage = reverse ? `_revinclude=<type>:<parameter>[:${matchType}]` : `_include=${matchType}:<parameter>[:<type>]`;
  if (!source || !rawName || rest.length || !isStoredType(source)) throw invalid(`${key}=${value} is not ${usage}`, key);
  if (!reverse && source !== matchType) throw invalid(`${key}=${value}: an _include starts with the searched type, ${usage}`, key);
  const param = searchParams(source).get(ALIASES[`${source}:${rawName}`] ?? rawName);
  if (!param || param.type !== 'reference') throw invalid(`${key}=${value}: ${source} has no reference parameter "${rawName}"`, key);
  if (target !== undefined && (!isStoredType(target) || (param.referenceType !== undefined && param.referenceType !== target))) {
    throw invalid(`${key}=${value}: ${source}.${rawName} does not reference ${target}`, key);
  }
  if (reverse && ((param.referenceType !== undefined && param.referenceType !== matchType) || (target !== undefined && target !== matchType))) {
    throw invalid(`${key}=${value}: ${source}.${rawName} does not reference ${matchType}`, key);
  }
  return { source, param, ...(target !== undefined && { target: target as StoredType }), text: value };
}

/** The literal references at a parameter's path (`AdverseEvent.suspectEntity.instance`) in a resource. */
function referencesAt(resource: Resource, expression: string): string[] {
  let values: unknown[] = [resource];
  for (const step of expression.split('.').slice(1)) {
    values = values.flatMap((v) => {
      const child = v && typeof v === 'object' ? (v as Record<string, unknown>)[step] : undefined;
      return Array.isArray(child) ? child : child === undefined ? [] : [child];
    });
  }
  return values.flatMap((v) => {
    const reference = v && typeof v === 'object' ? (v as { reference?: unknown }).reference : undefined;
    return typeof reference === 'string' ? [reference] : [];
  });
}

const bare = (type: StoredType, filter: Filter, count: number): SearchRequest =>
  ({ type, filters: [filter], count, offset: 0, sort: [], total: false, query: [], ignored: [], include: [], revinclude: [] });

/** One search per included type: the referenced ids for _include, the referring resources for _revinclude. */
function includeSearches(request: SearchRequest, matches: readonly Resource[], actor: FhirActor): { search: SearchRequest; include: Include; reverse: boolean }[] {
  const searches: { search: SearchRequest; include: Include; reverse: boolean }[] = [];
  for (const include of request.include) {
    const ids = new Map<StoredType, Set<string>>();
    for (const match of matches) {
      for (const reference of referencesAt(match, include.param.expression)) {
        const ref = parseReference(reference);
        if (!ref || !isStoredType(ref.type)) continue;
        if ((include.param.referenceType ?? ref.type) !== ref.type || (include.target ?? ref.type) !== ref.type) continue;
        ids.set(ref.type, (ids.get(ref.type) ?? new Set()).add(ref.id));
      }
    }
    for (const [type, set] of ids) {
      if (mayReadType(actor, type)) searches.push({ search: bare(type, { kind: 'id', ids: [...set] }, set.size), include, reverse: false });
    }
  }
  const matchIds = matches.map((m) => m.id!);
  for (const include of request.revinclude) {
    if (!matchIds.length || !mayReadType(actor, include.source)) continue;
    const { param } = include;
    const filter: Filter = param.target === 'patient' || param.target === 'encounter'
      ? { kind: 'column', column: param.target === 'patient' ? 'patient_id' : 'encounter_id', values: matchIds }
      : { kind: 'tokens', keys: matchIds.map((id) => tokenKeys.exact(param.name, undefined, `${request.type}/${id}`)) };
    // One more than the limit tells whether it cut.
    searches.push({ search: bare(include.source, filter, REVINCLUDE_LIMIT + 1), include, reverse: true });
  }
  return searches;
}

export interface Included {
  resources: Resource[];
  /** The _revinclude values whose resources were cut at REVINCLUDE_LIMIT. */
  truncated: string[];
}

/** The resources the search's includes add to its matches, once each and none of the matches again. */
export async function runIncludes(db: Executor, request: SearchRequest, matches: readonly Resource[], scope: Scope, actor: FhirActor): Promise<Included> {
  const searches = includeSearches(request, matches, actor);
  if (!searches.length) return { resources: [], truncated: [] };
  const lists = await runSearches(db, searches.map((s) => s.search), scope);
  const seen = new Set(matches.map((m) => `${m.resourceType}/${m.id}`));
  const resources: Resource[] = [];
  const truncated: string[] = [];
  lists.forEach((list, i) => {
    const { include, reverse } = searches[i];
    if (reverse && list.length > REVINCLUDE_LIMIT) truncated.push(include.text);
    for (const resource of reverse ? list.slice(0, REVINCLUDE_LIMIT) : list) {
      const key = `${resource.resourceType}/${resource.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      resources.push(resource);
    }
  });
  return { resources, truncated };
}

const referenceParams = (type: StoredType) => [...searchParams(type).values()].filter((p) => p.type === 'reference');
const aliasesOf = (type: StoredType, name: string) => Object.entries(ALIASES).filter(([alias, to]) => alias.startsWith(`${type}:`) && to === name).map(([alias]) => alias);

/** The _include values a search of `type` accepts (the CapabilityStatement's searchInclude). */
export const includesOf = (type: StoredType): string[] => referenceParams(type).flatMap((p) => [`${type}:${p.name}`, ...aliasesOf(type, p.name)]);

/** The _revinclude values a search of `type` accepts (searchRevInclude). */
export const revincludesOf = (type: StoredType, types: readonly StoredType[]): string[] => types.flatMap((source) =>
  referenceParams(source).filter((p) => p.referenceType === undefined || p.referenceType === type).flatMap((p) => [`${source}:${p.name}`, ...aliasesOf(source, p.name)]));
