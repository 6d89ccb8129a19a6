import { sql, type CompiledQuery, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { Organisation } from '@geria/domain';
import { IDENTITY_SCOPES, IDENTITY_STATUS_ACTIVE, inactivityRange } from '@geria/domain';
import type { participantListQuerySchema, ParticipantListRow, ParticipantSort } from '@geria/domain/rules/participants-record.ts';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';

export type ListQuery = z.output<typeof participantListQuerySchema>;
type Query = ListQuery;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const FULL_NAME = sql<string>`lower(p.first_name || ' ' || p.last_name)`;

/**
 * A timestamp as the ISO text JavaScript's toISOString gives (UTC, milliseconds), written by
 * PostgreSQL: parsing each into a Date and formatting it again was a twentieth of the list's CPU.
 */
const isoText = <T extends string | null = string>(column: string) => sql<T>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Ids matching a search: an id prefix, a part of the full name, or a part of an external id. Each
 * branch is answered by its own index (btree on the id text, trigram on the name and external id),
 * which a union keeps usable where an OR would not. Names hold no digits, so a search with one
 * skips them; only hexadecimal text can be an id.
 */
function searchIds(db: Db['kysely'], organisation: string, search: string) {
  const lower = search.toLowerCase();
  const contains = `%${escapeLike(lower)}%`;
  let ids = db.selectFrom('identity as i').innerJoin('participant as p', 'p.id', 'i.participant_id')
    .select('p.id').where('p.organisation', '=', organisation).where(sql<string>`lower(i.identity_id)`, 'like', contains);
  if (!/\d/.test(search)) {
    ids = ids.union(db.selectFrom('participant as p').select('p.id').where('p.organisation', '=', organisation).where(FULL_NAME, 'like', contains));
  }
  if (/^[0-9a-f-]+$/i.test(search)) {
    ids = ids.union(db.selectFrom('participant as p').select('p.id').where('p.organisation', '=', organisation)
      .where(sql<string>`p.id::text`, 'like', `${escapeLike(lower)}%`));
  }
  return ids;
}

function filtered(db: Db['kysely'], organisation: string, query: Pick<Query, 'search' | 'status' | 'deviceStatus' | 'inactivity'>, now = new Date()) {
  let q = db.selectFrom('participant as p').where('p.organisation', '=', organisation);
  if (query.status !== undefined) q = q.where('p.recruitment', '=', query.status);
  if (query.search) q = q.where('p.id', 'in', searchIds(db, organisation, query.search));
  if (query.deviceStatus) {
    const status = query.deviceStatus;
    q = q.where((eb) => eb.exists(eb.selectFrom('device as d').select('d.id').whereRef('d.participant_id', '=', 'p.id').where('d.status', '=', status)));
  }
  if (query.inactivity) {
    // The same bands as the inactivity chip, from the domain's rule.
    const range = inactivityRange(query.inactivity, now);
    if (range === 'no use') q = q.where('p.last_device_use', 'is', null);
    else {
      if (range.after) q = q.where('p.last_device_use', '>', range.after);
      if (range.notAfter) q = q.where('p.last_device_use', '<=', range.notAfter);
    }
  }
  return q;
}

type Direction = 'asc' | 'desc';
const flip = (d: Direction): Direction => (d === 'asc' ? 'desc' : 'asc');

/** Order by the column, then the id, in the directions of the matching index (004_participants.sql). */
function ordered<O>(q: SelectQueryBuilder<Database & { p: Database['participant'] }, 'p', O>, sort: ParticipantSort, order: Direction) {
  switch (sort) {
    case 'id': return q.orderBy('p.id', order);
    case 'createdBy': return q.orderBy('p.creator', order).orderBy('p.id', order);
    case 'fullName': return q.orderBy(FULL_NAME, order).orderBy('p.id', order);
    case 'recruitment': return q.orderBy('p.recruitment', order).orderBy('p.updated_at', order).orderBy('p.id', order);
    case 'lastUpdated': return q.orderBy('p.updated_at', order).orderBy('p.id', order);
    case 'inactivityPeriod': {
      // Small inactivity is a recent use; no use at all is the largest inactivity.
      const use = flip(order);
      return q.orderBy(sql`p.last_device_use ${sql.raw(use)} nulls ${sql.raw(use === 'desc' ? 'last' : 'first')}`).orderBy('p.id', use);
    }
  }
}

// Scope and status are literals: as parameters they kept PostgreSQL from reusing the page's plan
// (a generic plan could not tell the three subqueries apart), and it re-planned every page.
const activeId = (scope: number) =>
  sql<string | null>`(select i.identity_id from identity i where i.participant_id = p.id and i.scope = ${sql.lit(scope)} and i.status = ${sql.lit(IDENTITY_STATUS_ACTIVE)})`;

/**
 * The rows in the view's order; with `page`, only that page. The page is chosen first, in a subquery
 * of plain participant rows: the identity columns' subqueries then run for its rows only, not for
 * every row the offset skips (page 5 of 25 ran them 125 times, and read 2.5 times the buffers).
 */
function rowsQuery(db: Db['kysely'], organisation: string, query: Query, page?: { limit: number; offset: number }) {
  let source = ordered(filtered(db, organisation, query).selectAll('p'), query.sort, query.order);
  if (page) source = source.limit(page.limit).offset(page.offset);
  return ordered(db.selectFrom(source.as('p')).select([
    'p.id', 'p.creator', 'p.first_name', 'p.last_name', isoText('p.updated_at').as('updated_at'), 'p.recruitment',
    isoText<string | null>('p.last_device_use').as('last_device_use'),
    activeId(IDENTITY_SCOPES.healthDataApp).as('smart4health_id'),
    activeId(IDENTITY_SCOPES.hearingAidVendor).as('sesaram_id'),
    activeId(IDENTITY_SCOPES.balanceTraining).as('holobalance_id'),
  ]), query.sort, query.order);
}

type RowOf = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];
const toListRow = (r: RowOf): ParticipantListRow => ({
  id: r.id,
  createdBy: r.creator,
  fullName: `${r.first_name} ${r.last_name}`,
  last_updated: r.updated_at,
  recruitment: r.recruitment,
  smart4HealthID: r.smart4health_id,
  sesaramID: r.sesaram_id,
  holobalanceID: r.holobalance_id,
  lastDeviceUse: r.last_device_use,
});

/** One page of the organisation's participants and the number matching the filters. */
export async function listParticipants(db: Db, organisation: Organisation, query: Query) {
  const count = () => filtered(db.kysely, organisation.abbr, query).select((eb) => eb.fn.countAll<number>().as('total'));
  const { rows } = await db.kysely.executeQuery(pageStatement(db, organisation, query, count));
  const total = rows.length ? rows[0].total : query.page === 0 ? 0 : (await count().executeTakeFirstOrThrow()).total;
  return { items: rows.map(toListRow), total: Number(total) };
}

/**
 * Page statements compiled once per query: building and compiling one with Kysely was a tenth of
 * the list's server CPU under load, for the same few pages each time. The key is the whole parsed
 * query, so a filter added to it later is part of it too; the inactivity bands move with the clock,
 * so their statements are built each time.
 */
const compiledPages = new Map<string, CompiledQuery<RowOf & { total: number }>>();
const MAX_COMPILED_PAGES = 500;

function pageStatement(db: Db, organisation: Organisation, query: Query, count: () => SelectQueryBuilder<Database & { p: Database['participant'] }, 'p', { total: number }>) {
  const key = query.inactivity ? undefined : JSON.stringify([organisation.abbr, query]);
  const cached = key && compiledPages.get(key);
  if (cached) return cached;
  // The count rides on the page's rows (an uncorrelated subquery, computed once): one statement and
  // one pooled connection per page instead of two. A page without rows asks for the count alone.
  const compiled = rowsQuery(db.kysely, organisation.abbr, query, { limit: query.pageSize, offset: query.page * query.pageSize })
    .select(count().as('total')).compile();
  if (key) {
    if (compiledPages.size >= MAX_COMPILED_PAGES) compiledPages.delete(compiledPages.keys().next().value!);
    compiledPages.set(key, compiled);
  }
  return compiled;
}

/** Every row of the current view (filters and order, no paging), for the CSV export. */
export async function allParticipantRows(db: Db, organisation: Organisation, query: Query) {
  const rows = await rowsQuery(db.kysely, organisation.abbr, query).execute();
  return rows.map(toListRow);
}
