import type { TemplateValue } from '../db/statement-templates.ts';
import type { Filter, Scope, SearchRequest } from './search.ts';

/**
 * A search taken apart for a statement template (db/statement-templates.ts): its shape (type, the
 * kind and size of each filter, sort, cursor direction, whether a total is wanted, the kind of scope), its values in
 * one list (ids, references, token lists, count, offset, cursor keys, organisation), and how to put a search of
 * that shape together again from other values. Undefined for searches whose statement depends on its
 * values beyond their places: date filters (their overlap condition is worked out from the dates) and
 * `:missing` tokens (the key goes inside an array); and for searches by more than MAX_FILTER_VALUES
 * values, so that the kept statements stay few and short.
 */
export interface SearchTemplate {
  shape: string;
  values: TemplateValue[];
  rebuild(values: readonly TemplateValue[]): { request: SearchRequest; scope: Scope };
}

/** Searches with more filter values than this are built afresh each time. */
export const MAX_FILTER_VALUES = 16;

export function searchTemplate(request: SearchRequest, scope: Scope): SearchTemplate | undefined {
  const values: TemplateValue[] = [];
  const take = (value: TemplateValue) => values.push(value) - 1;
  const shape: unknown[] = [request.type];
  const filters: ((values: readonly TemplateValue[]) => Filter)[] = [];
  for (const filter of request.filters) {
    switch (filter.kind) {
      case 'id': {
        const at = filter.ids.map(take);
        shape.push(['id', at.length]);
        filters.push((v) => ({ kind: 'id', ids: at.map((i) => v[i] as string) }));
        break;
      }
      case 'column': {
        const { column } = filter;
        const at = filter.values.map(take);
        shape.push([column, at.length]);
        filters.push((v) => ({ kind: 'column', column, values: at.map((i) => v[i] as string) }));
        break;
      }
      case 'columnMissing':
        shape.push([filter.column, filter.missing ? 'missing' : 'present']);
        filters.push(() => filter);
        break;
      case 'tokens': {
        const at = take(filter.keys);
        shape.push(['tokens']);
        filters.push((v) => ({ kind: 'tokens', keys: v[at] as string[] }));
        break;
      }
      case 'tokenMissing':
      case 'date':
        return undefined;
    }
  }
  // A search by many ids or references is rare and its statement long: not worth keeping.
  if (values.length > MAX_FILTER_VALUES) return undefined;
  const count = take(request.count);
  const offset = take(request.offset);
  // A cursor's keys are values; which of them are null (no date) changes the statement.
  const { cursor } = request;
  const keys = cursor?.keys.map((key) => (key === null ? undefined : take(key)));
  const organisation = scope && scope.organisationId !== null ? take(scope.organisationId) : undefined;
  shape.push(request.sort.map(({ column, descending }) => [column, descending]), cursor ? [cursor.direction, keys!.map((at) => at === undefined)] : null, request.total,
    scope === undefined ? 'every row' : organisation === undefined ? 'no organisation' : 'organisation');
  return {
    shape: JSON.stringify(shape),
    values,
    rebuild: (v) => ({
      request: {
        ...request, filters: filters.map((f) => f(v)), count: v[count] as number, offset: v[offset] as number,
        ...(cursor && { cursor: { direction: cursor.direction, keys: keys!.map((at) => (at === undefined ? null : v[at] as string)) } }),
      },
      scope: scope && { organisationId: organisation === undefined ? null : v[organisation] as number },
    }),
  };
}
