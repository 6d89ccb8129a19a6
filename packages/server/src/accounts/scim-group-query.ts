import type { Role } from '@geria/domain';
import { ScimFilterError, type ScimAttributePath, type ScimCompareOperator, type ScimFilter, type ScimValue } from './scim-filter.ts';
import { SCHEMA } from './scim-resources.ts';

/**
 * A SCIM filter on the six study roles as Groups, evaluated in memory (there are six): id and
 * displayName are the role's name, compared without regard to letter case as the role lookup is;
 * members by value (user id, exactly), display (username) and type.
 */
export interface GroupFacts { role: Role; members: { id: string; username: string }[] }

type Fields = Record<string, { value: string | null; caseExact: boolean }>;

const memberFields = (m: GroupFacts['members'][number]): Fields => ({
  value: { value: m.id, caseExact: true }, display: { value: m.username, caseExact: false }, type: { value: 'User', caseExact: false },
});

const named = (path: ScimAttributePath) => [path.attribute, path.subAttribute].filter(Boolean).join('.');
const unknown = (path: ScimAttributePath) => new ScimFilterError(`"${named(path)}" is not an attribute a Group can be filtered on`);

function compare(field: Fields[string], op: ScimCompareOperator | 'pr', operand: ScimValue | undefined, path: ScimAttributePath): boolean {
  const present = field.value !== null && field.value !== '';
  if (op === 'pr') return present;
  if (operand === null && (op === 'eq' || op === 'ne')) return (op === 'eq') !== present;
  if (typeof operand !== 'string') throw new ScimFilterError(`"${named(path)}" compares with a "string"`);
  if (field.value === null) return op === 'ne';
  const [a, b] = field.caseExact ? [field.value, operand] : [field.value.toLowerCase(), operand.toLowerCase()];
  return { eq: a === b, ne: a !== b, co: a.includes(b), sw: a.startsWith(b), ew: a.endsWith(b), gt: a > b, ge: a >= b, lt: a < b, le: a <= b }[op];
}

function within(filter: ScimFilter, fields: Fields, parent: ScimAttributePath): boolean {
  switch (filter.op) {
    case 'and': return within(filter.left, fields, parent) && within(filter.right, fields, parent);
    case 'or': return within(filter.left, fields, parent) || within(filter.right, fields, parent);
    case 'not': return !within(filter.filter, fields, parent);
    case 'has': throw new ScimFilterError('a complex attribute filter cannot hold another');
    default: {
      const path = { attribute: parent.attribute, subAttribute: filter.path.attribute };
      const field = !filter.path.subAttribute && Object.hasOwn(fields, filter.path.attribute) ? fields[filter.path.attribute] : undefined;
      if (!field) throw unknown(path);
      return compare(field, filter.op, 'value' in filter ? filter.value : undefined, path);
    }
  }
}

export function groupMatches(filter: ScimFilter, group: GroupFacts): boolean {
  switch (filter.op) {
    case 'and': return groupMatches(filter.left, group) && groupMatches(filter.right, group);
    case 'or': return groupMatches(filter.left, group) || groupMatches(filter.right, group);
    case 'not': return !groupMatches(filter.filter, group);
    default: {
      const { path } = filter;
      if (path.schema !== undefined && path.schema !== SCHEMA.group.toLowerCase()) throw unknown(path);
      if (filter.op === 'has') {
        if (path.attribute !== 'members') throw unknown(path);
        return group.members.some((m) => within(filter.filter, memberFields(m), path));
      }
      const operand = 'value' in filter ? filter.value : undefined;
      if (path.attribute === 'members') {
        if (!path.subAttribute && filter.op === 'pr') return group.members.length > 0;
        const sub = path.subAttribute ?? 'value';
        return group.members.some((m) => {
          const fields = memberFields(m);
          if (!Object.hasOwn(fields, sub)) throw unknown(path);
          return compare(fields[sub]!, filter.op as ScimCompareOperator | 'pr', operand, path);
        });
      }
      const single: Fields = { id: { value: group.role, caseExact: false }, displayname: { value: group.role, caseExact: false } };
      const meta: Fields = { resourcetype: { value: 'Group', caseExact: true } };
      const field = path.attribute === 'meta' ? (path.subAttribute && Object.hasOwn(meta, path.subAttribute) ? meta[path.subAttribute] : undefined)
        : !path.subAttribute && Object.hasOwn(single, path.attribute) ? single[path.attribute] : undefined;
      if (!field) throw unknown(path);
      return compare(field, filter.op, operand, path);
    }
  }
}
