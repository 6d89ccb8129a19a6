/**
 * The FHIR health-data repository, in process. Routes at /fhir use it, and so do other areas
 * (participants, assessments, questionnaires), with the signed-in user or the system as actor:
 *
 *   const fhir = fhirService(db).withContext({ kind: 'user', user: request.user });
 *   const patient = await fhir.create({ resourceType: 'Patient', ... });        // its own transaction
 *   const page = await fhir.search('Observation', { subject: 'Patient/1', _count: '0' });
 *
 * Inside a caller's transaction, pass the Kysely Transaction instead of the Db: every write then
 * joins it, so "participant row + Patient + ResearchSubject" commits or rolls back as one.
 *
 *   await db.kysely.transaction().execute(async (trx) => {
 *     await trx.insertInto('participant').values(...).execute();
 *     await fhirService(trx).withContext(actor).transaction(bundle);
 *   });
 *
 * Every write is validated, scoped to the actor's organisation (another organisation's resources
 * answer 404), versioned and audited in the same transaction. Failures throw FhirError (status + issues).
 */
import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { Expression } from 'kysely';
import type { Language } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { assertCanCreate, assertCanRead, isVisible, mayCreate, scopeOf, type FhirActor } from './access.ts';
import { processBundle } from './bundle.ts';
import { conditionalCreate } from './conditional-create.ts';
import { conditionalUpdate } from './conditional-update.ts';
import { isReadOnlyType, readOnlyResource } from './study-resources.ts';
import { readGroup, readGroups } from './bulk/groups.ts';
import { gone, invalid, notFound, operationOutcome, translatedIssue, type Issue } from './outcome.ts';
import { REVINCLUDE_LIMIT, runIncludes } from './includes.ts';
import { isWhole, subset } from './subsetting.ts';
import { decodeCursor } from './page-cursor.ts';
import { searchReadOnly } from './study-resource-search.ts';
import { historyBundle, historyCursorQuery, searchsetBundle, searchsetBundleJson } from './result-bundles.ts';
import { countByParticipant } from '@geria/domain';
import { HISTORY_ORDER, participantsOf, readCurrent, readHistory, readVersion, type Executor, type PatientOrganisation } from './repository.ts';
import { extractIndex, isStoredType, storedType } from './resource-types.ts';
import { DEFAULT_COUNT, MAX_COUNT, firstMatches, firstMatchesByTokens, nonNegative, pageOffset, parseSearch, runSearch, runSearchJson, runSearches, searchesAlongside, type PageLinks, type SearchRequest } from './search.ts';
import { WriteSession, type WriteResult } from './writes.ts';
import { parseDateRange } from './dates.ts';

export type { FhirActor } from './access.ts';
export type { WriteResult } from './writes.ts';
export { FhirError } from './outcome.ts';

export type SearchInput = URLSearchParams | string | Record<string, string | readonly string[]>;

export interface ClientOptions {
  /** Absolute base of fullUrl and links, e.g. https://geria.example.org/fhir; relative when empty. */
  baseUrl?: string;
  /** The language of the messages the catalogue translates (Bundle entries' outcomes). */
  language?: Language;
  /** Told, for the read audit, how many resources of each participant a read, vread, history or search answered. */
  onRead?: ReadObserver;
}

export type ReadObserver = (participants: Record<string, number>, count: number) => void;

export function fhirService(db: Db | Executor, options: ClientOptions = {}) {
  const executor = 'kysely' in db ? db.kysely : db;
  return { withContext: (actor: FhirActor) => new FhirClient(executor, actor, options.baseUrl ?? '', options.language, options.onRead) };
}

const toParams = (input: SearchInput) => {
  if (input instanceof URLSearchParams || typeof input === 'string') return new URLSearchParams(input);
  return new URLSearchParams(Object.entries(input).flatMap(([k, v]): [string, string][] => (typeof v === 'string' ? [[k, v]] : v.map((x) => [k, x]))));
};

export class FhirClient {
  /**
   * In a transaction, the stored Patients known so far (read here, or looked up and written by its
   * write sessions): a write that follows (a save checks its Patient, then writes about it) takes
   * their organisation from here instead of reading the row again. Read committed, that row could
   * change between the two statements as much as after the second.
   */
  private readonly patientsKnown = new Map<string, PatientOrganisation>();

  constructor(
    private readonly db: Executor, readonly actor: FhirActor, readonly baseUrl: string,
    readonly language: Language = 'en', private readonly onRead?: ReadObserver,
  ) {}

  private reportRead(participantIds: readonly (string | null)[]) {
    this.onRead?.(countByParticipant(participantIds), participantIds.length);
  }

  async read(type: string, id: string): Promise<Resource> {
    if (type === 'Group') return readGroup(this.db, this.actor, id);
    if (isReadOnlyType(type)) {
      const resource = readOnlyResource(type, id);
      if (!resource) throw notFound(`${type}/${id} not found`);
      return resource;
    }
    assertCanRead(this.actor, type);
    const row = await readCurrent(this.db, storedType(type), id);
    if (row && type === 'Patient' && this.db.isTransaction) this.patientsKnown.set(id, { organisationId: row.organisation_id, deleted: row.deleted });
    if (!row || !isVisible(this.actor, row.organisation_id)) throw notFound(`${type}/${id} not found`);
    if (row.deleted || !row.content) throw gone(`${type}/${id} was deleted`);
    this.reportRead([row.patient_id]);
    return row.content;
  }

  async vread(type: string, id: string, versionId: string): Promise<Resource> {
    if (isReadOnlyType(type)) {
      // The study's reference data has the one version it was published in.
      const resource = await this.read(type, id);
      if (resource.meta?.versionId !== versionId) throw notFound(`${type}/${id}/_history/${versionId} not found`);
      return resource;
    }
    assertCanRead(this.actor, type);
    const current = await readCurrent(this.db, storedType(type), id);
    if (!current || !isVisible(this.actor, current.organisation_id) || !/^\d+$/.test(versionId)) throw notFound(`${type}/${id}/_history/${versionId} not found`);
    const row = await readVersion(this.db, type, id, Number(versionId));
    if (!row) throw notFound(`${type}/${id}/_history/${versionId} not found`);
    if (row.deleted || !row.content) throw gone(`Version ${versionId} of ${type}/${id} is a deletion`);
    this.reportRead([current.patient_id]);
    return row.content;
  }

  /** Versions of one resource (id given) or of every visible resource of a type, newest first. */
  async history(type: string, id: string | undefined, input: SearchInput = {}): Promise<Bundle> {
    assertCanRead(this.actor, type);
    const stored = storedType(type);
    let about: string | null = null;
    if (id !== undefined) {
      const current = await readCurrent(this.db, stored, id);
      if (!current || !isVisible(this.actor, current.organisation_id)) throw notFound(`${type}/${id} not found`);
      about = current.patient_id;
    }
    const params = toParams(input);
    let count = DEFAULT_COUNT;
    let offset = 0;
    let since: Date | undefined;
    let token: string | undefined;
    for (const [key, value] of params) {
      if (key === '_count') count = Math.min(nonNegative(key, value), MAX_COUNT);
      else if (key === '_offset') offset = pageOffset(key, value);
      else if (key === '_cursor') token = value;
      else if (key === '_since') {
        const range = parseDateRange(value);
        if (!range) throw invalid(`_since must be an instant, not "${value}"`, key);
        since = range.start;
      } else if (key !== '_format' && key !== '_pretty') throw invalid(`Unknown history parameter "${key}"`, key); // the format's, routes.ts honours them
    }
    const path = id === undefined ? `${type}/_history` : `${type}/${id}/_history`;
    const query: [string, string][] = since ? [['_since', since.toISOString()]] : [];
    if (token !== undefined && params.has('_offset')) throw invalid('_cursor and _offset cannot be used together: a page link gives one of them', '_cursor');
    const cursor = token === undefined ? undefined : decodeCursor(historyCursorQuery(path, query), HISTORY_ORDER, token);
    const { rows, total, beyond } = await readHistory(this.db, { type: stored, id, scope: scopeOf(this.actor), since, count, offset, cursor });
    if (this.onRead) this.reportRead(id !== undefined ? rows.map(() => about) : await participantsOf(this.db, stored, rows.map((r) => r.id)));
    // As a search's pages (search.ts searchPage): a page read backwards has a next page, and a previous one when more lay beyond it.
    const backwards = cursor?.direction === 'before';
    const first = !cursor && offset === 0;
    const links: PageLinks = {
      ...(rows.length && (backwards || beyond) && { next: { direction: 'after', keys: rows.at(-1)!.keys } }),
      ...(rows.length && (backwards ? beyond : !first) && { previous: { direction: 'before', keys: rows[0]!.keys } }),
    };
    return historyBundle(rows, total, { base: this.baseUrl, path, query, count, offset, cursor, links });
  }

  async search(type: string, input: SearchInput = {}): Promise<Bundle> {
    if (isReadOnlyType(type)) return this.searchReadOnly(type, input);
    return (await this.searchBundle(this.searchRequest(type, input))).bundle;
  }

  /**
   * search's Bundle as JSON text, for an answer that only sends it; `lenient` ignores unknown
   * parameters (and says so in the Bundle). A search of whole matches and nothing else passes the
   * matches' stored JSON on unparsed.
   */
  async searchJson(type: string, input: SearchInput = {}, options: { lenient?: boolean } = {}): Promise<string> {
    if (isReadOnlyType(type)) return JSON.stringify(await this.searchReadOnly(type, input));
    const request = this.searchRequest(type, input, options.lenient);
    if (request.ignored.length || request.include.length || request.revinclude.length || !isWhole(request.summary, request.elements)) {
      const { bundle, read } = await this.searchBundle(request);
      this.reportRead(read.map((r) => extractIndex(storedType(r.resourceType), r).patientId));
      return JSON.stringify(bundle);
    }
    const result = await runSearchJson(this.db, request, scopeOf(this.actor));
    this.reportRead(result.matches.map((m) => m.participantId));
    return searchsetBundleJson(request, result, this.baseUrl);
  }

  private async searchReadOnly(type: string, input: SearchInput): Promise<Bundle> {
    return searchReadOnly(type, toParams(input), this.baseUrl, type === 'Group' ? await readGroups(this.db, this.actor) : undefined);
  }

  /** The searchset with its includes, subsetting and notes; `read`: every resource it answers. */
  private async searchBundle(request: SearchRequest): Promise<{ bundle: Bundle; read: Resource[] }> {
    const scope = scopeOf(this.actor);
    const result = await runSearch(this.db, request, scope);
    const included = await runIncludes(this.db, request, result.resources, scope, this.actor);
    const issues: Issue[] = [
      ...request.ignored.map((name) => translatedIssue('not-supported', 'errors.fhirSearchParameterIgnored', { name, type: request.type }, name)),
      ...included.truncated.map((include) => translatedIssue('too-costly', 'errors.fhirRevincludeTruncated', { include, limit: REVINCLUDE_LIMIT }, '_revinclude')),
    ];
    const cut = (resource: Resource) => subset(resource, request.summary, request.elements);
    const bundle = searchsetBundle(request, { ...result, resources: result.resources.map(cut) }, this.baseUrl, {
      included: included.resources.map(cut),
      ...(issues.length && { outcome: operationOutcome(issues, 'warning', this.language) }),
    });
    return { bundle, read: [...result.resources, ...included.resources] };
  }

  private searchRequest(type: string, input: SearchInput, lenient = false) {
    assertCanRead(this.actor, type);
    return parseSearch(storedType(type), toParams(input), { lenient });
  }

  /**
   * The resources of several searches, read in one statement: each list is the entries of
   * `search(type, input)`'s page (same access, order and paging), without totals or a Bundle.
   */
  async searchMany(searches: readonly (readonly [type: string, input: SearchInput])[]): Promise<Resource[][]> {
    return runSearches(this.db, this.searchRequests(searches), scopeOf(this.actor));
  }

  /**
   * searchMany, and in the same statement the json `alongside` subqueries give (the caller scopes
   * those): the statement, built (access checked) and not run, and how to read its row. A caller may
   * compile it once per shape (db/statement-templates.ts, with accessKey(actor) in the shape).
   */
  searchManyAlongsideStatement<K extends string>(searches: readonly (readonly [type: string, input: SearchInput])[], alongside: Record<K, Expression<unknown>>) {
    return searchesAlongside(this.db, this.searchRequests(searches), scopeOf(this.actor), alongside);
  }

  private searchRequests(searches: readonly (readonly [type: string, input: SearchInput])[]) {
    return searches.map(([type, input]) => this.searchRequest(type, input));
  }

  /**
   * Up to `max` resources matching a search query, in no order, for a conditional create or update by
   * an actor who may create the type (conditional-create.ts hides a match's content from one who may not read it).
   */
  async matches(type: string, query: string, max: number): Promise<Resource[]> {
    assertCanCreate(this.actor, type);
    return firstMatches(this.db, parseSearch(storedType(type), toParams(query)), scopeOf(this.actor), max);
  }

  /**
   * `matches` of several conditional creates at once (a transaction's): those whose search is one
   * token parameter (an identifier, a code) of a type the actor may create are looked up together,
   * one statement per type; the others are undefined, for `matches` to look up on their own.
   */
  async matchesOfMany(searches: readonly { type: string; query: string }[], max: number): Promise<(Resource[] | undefined)[]> {
    const keys = searches.map(({ type, query }) => {
      if (!isStoredType(type) || !mayCreate(this.actor, type)) return undefined;
      try {
        const { filters } = parseSearch(type, toParams(query));
        return filters.length === 1 && filters[0].kind === 'tokens' ? { type, keys: filters[0].keys } : undefined;
      } catch {
        return undefined; // refused by matches, at its entry
      }
    });
    const found: (Resource[] | undefined)[] = searches.map(() => undefined);
    for (const type of new Set(keys.flatMap((k) => (k ? [k.type] : [])))) {
      const at = keys.flatMap((k, i) => (k?.type === type ? [i] : []));
      const lists = await firstMatchesByTokens(this.db, type, at.map((i) => keys[i]!.keys), scopeOf(this.actor), max);
      at.forEach((i, j) => { found[i] = lists[j]; });
    }
    return found;
  }

  /** Whether a search query names at least one criterion (not only controls such as _count). */
  hasCriteria(type: string, query: string): boolean {
    return parseSearch(storedType(type), toParams(query)).filters.length > 0;
  }

  /** Conditional update: the resource matching `query` replaced, or created when none does (conditional-update.ts). */
  async conditionalUpdate(type: string, query: string, resource: unknown, options: { ifMatch?: number } = {}): Promise<WriteResult> {
    const stored = storedType(type);
    return this.writing((session, client) => conditionalUpdate(session, client, stored, query, resource, options.ifMatch));
  }

  /** Creates the resource; with `ifNoneExist` (a search) only when nothing matches it, `created` telling which (conditional-create.ts). */
  async create(resource: unknown, options: { ifNoneExist?: string } = {}): Promise<WriteResult> {
    const { ifNoneExist } = options;
    return this.writing((session, client) => (ifNoneExist === undefined ? session.create(resource) : conditionalCreate(session, client, resource, ifNoneExist)));
  }

  /** Replaces the resource (creating it with this id when absent); `ifMatch` guards against lost updates (412). */
  async update(type: string, id: string, resource: unknown, options: { ifMatch?: number } = {}): Promise<WriteResult> {
    const stored = storedType(type);
    return this.writing((session) => session.update(stored, id, resource, options.ifMatch));
  }

  /** Applies a JSON Patch (RFC 6902) to the current version. */
  async patch(type: string, id: string, operations: unknown, options: { ifMatch?: number } = {}): Promise<WriteResult> {
    const stored = storedType(type);
    return this.writing((session) => session.patch(stored, id, operations, options.ifMatch));
  }

  /** Adds a deletion version; undefined when the resource was already deleted. `ifMatch`: only if it is at that version (412). */
  async delete(type: string, id: string, options: { ifMatch?: number } = {}): Promise<WriteResult | undefined> {
    const stored = storedType(type);
    return this.writing((session) => session.delete(stored, id, options.ifMatch));
  }

  /** A `batch` or `transaction` Bundle; the answer is a batch-response or transaction-response Bundle. */
  async bundle(bundle: unknown): Promise<Bundle> {
    return processBundle(this, bundle);
  }

  /** Runs `work` in the caller's transaction, or in a new one; buffered writes are flushed before commit. */
  async writing<T>(work: (session: WriteSession, client: FhirClient) => Promise<T>): Promise<T> {
    const run = async (trx: Executor) => {
      // A client outside a transaction starts a new one per write, which must not inherit another's knowledge.
      const session = new WriteSession(trx, this.actor, this.db.isTransaction ? this.patientsKnown : undefined);
      const value = await work(session, new FhirClient(trx, this.actor, this.baseUrl, this.language));
      await session.flush();
      return value;
    };
    return this.db.isTransaction ? run(this.db) : this.db.transaction().execute(run);
  }
}
