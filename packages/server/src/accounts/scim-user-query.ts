import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { ScimFilterError, type ScimAttributePath, type ScimFilter, type ScimValue } from './scim-filter.ts';
import { SCHEMA } from './scim-resources.ts';

/**
 * A SCIM filter as a condition on app_user, with the meaning RFC 7643 gives the User attributes:
 * values of attributes that are not caseExact (userName, emails, names) compare without regard to
 * letter case, id and externalId exactly; dateTimes (meta.created, meta.lastModified) as instants,
 * to the millisecond the resource shows; booleans with eq and ne only. Every condition is true or
 * false, never SQL null, so `not (…)` is the complement. An attribute Geria does not keep, or
 * password (never returned), is an invalidFilter.
 */
type Kind = 'string' | 'boolean' | 'dateTime';
interface Leaf { kind: Kind; caseExact: boolean; expr: RawBuilder<unknown> }
/** A complex attribute: its sub-attributes; `value` is what it compares as when a filter names no sub-attribute. */
interface Complex { sub: Record<string, Leaf>; multiValued?: { over: (condition: RawBuilder<SqlBool>) => RawBuilder<SqlBool> } }
type Attribute = Leaf | Complex;

const text = (expr: RawBuilder<unknown>, caseExact = false): Leaf => ({ kind: 'string', caseExact, expr });
const fullName = sql`trim(given_name || ' ' || family_name)`;
// The study role a `groups` filter looks at, one value of roles at a time (see `over`).
const role = sql.ref('scim_role.value');

const USER: Record<string, Attribute> = {
  id: text(sql`id::text`, true),
  externalid: text(sql.ref('external_id'), true),
  username: text(sql.ref('username')),
  displayname: text(fullName),
  name: { sub: { givenname: text(sql.ref('given_name')), familyname: text(sql.ref('family_name')), formatted: text(fullName) } },
  // One e-mail address, the primary one, of type work.
  emails: { sub: { value: text(sql.ref('email')), type: text(sql`'work'`), primary: { kind: 'boolean', caseExact: false, expr: sql`true` }, display: text(sql.ref('email')) } },
  active: { kind: 'boolean', caseExact: false, expr: sql`(not locked and not disabled)` },
  preferredlanguage: text(sql.ref('language')),
  groups: {
    sub: { value: text(role, true), display: text(role), type: text(sql`'direct'`) },
    multiValued: { over: (condition) => sql<SqlBool>`exists (select 1 from unnest(roles) as scim_role(value) where ${condition})` },
  },
  meta: {
    sub: {
      created: { kind: 'dateTime', caseExact: true, expr: sql`date_trunc('milliseconds', created_at)` },
      lastmodified: { kind: 'dateTime', caseExact: true, expr: sql`date_trunc('milliseconds', updated_at)` },
      resourcetype: text(sql`'User'`, true),
    },
  },
};
const ENTERPRISE: Record<string, Attribute> = { organization: text(sql.ref('organisation')) };

const isLeaf = (a: Attribute): a is Leaf => 'expr' in a;
const named = (path: ScimAttributePath) => [path.schema && `${path.schema}:`, path.attribute, path.subAttribute && `.${path.subAttribute}`].filter(Boolean).join('');
const unknown = (path: ScimAttributePath) => new ScimFilterError(`"${named(path)}" is not an attribute a User can be filtered on`);

function topLevel(path: ScimAttributePath): Attribute {
  const schemas = path.schema === SCHEMA.enterprise.toLowerCase() ? ENTERPRISE : path.schema === undefined || path.schema === SCHEMA.user.toLowerCase() ? USER : undefined;
  const attribute = schemas && Object.hasOwn(schemas, path.attribute) ? schemas[path.attribute] : undefined;
  if (!attribute) throw unknown(path);
  return attribute;
}

const subOf = (complex: Complex, name: string, path: ScimAttributePath): Leaf => {
  const leaf = Object.hasOwn(complex.sub, name) ? complex.sub[name] : undefined;
  if (!leaf) throw unknown(path);
  return leaf;
};

const LIKE = { co: (v: string) => `%${v}%`, sw: (v: string) => `${v}%`, ew: (v: string) => `%${v}` } as const;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const ORDER = { gt: sql`>`, ge: sql`>=`, lt: sql`<`, le: sql`<=` } as const;

/** `attribute op value` on one leaf; `pr` when value is absent. Always true or false. */
function compareLeaf(leaf: Leaf, op: Exclude<ScimFilter['op'], 'and' | 'or' | 'not' | 'has'>, value: ScimValue | undefined, path: ScimAttributePath): RawBuilder<SqlBool> {
  const present = leaf.kind === 'string' ? sql<SqlBool>`coalesce(${leaf.expr} <> '', false)` : sql<SqlBool>`(${leaf.expr} is not null)`;
  if (op === 'pr') return present;
  // `eq null` asks that the attribute have no value (RFC 7644 §3.5.2: unassigned and null are the same).
  if (value === null && (op === 'eq' || op === 'ne')) return op === 'eq' ? sql<SqlBool>`not ${present}` : present;
  const name = named(path);
  if (leaf.kind === 'boolean') {
    if (typeof value !== 'boolean' || (op !== 'eq' && op !== 'ne')) throw new ScimFilterError(`"${name}" is a boolean: compare it with eq or ne and true or false`);
    return sql<SqlBool>`coalesce(${leaf.expr} ${op === 'eq' ? sql`=` : sql`<>`} ${value}, ${op === 'ne'})`;
  }
  if (typeof value !== 'string') throw new ScimFilterError(`"${name}" compares with a "string"`);
  if (leaf.kind === 'dateTime') {
    const instant = Date.parse(value);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(instant)) throw new ScimFilterError(`"${name}" compares with a date and time such as "2026-01-31T08:00:00Z"`);
    if (op === 'co' || op === 'sw' || op === 'ew') throw new ScimFilterError(`"${name}" is a date and time: compare it with eq, ne, gt, ge, lt or le`);
    const at = sql`${new Date(instant).toISOString()}::timestamptz`;
    if (op === 'eq') return sql<SqlBool>`coalesce(${leaf.expr} = ${at}, false)`;
    if (op === 'ne') return sql<SqlBool>`(${leaf.expr} is distinct from ${at})`;
    return sql<SqlBool>`coalesce(${leaf.expr} ${ORDER[op]} ${at}, false)`;
  }
  const [column, operand] = leaf.caseExact ? [sql`${leaf.expr}`, value] : [sql`lower(${leaf.expr})`, value.toLowerCase()];
  if (op === 'eq') return sql<SqlBool>`coalesce(${column} = ${operand}, false)`;
  if (op === 'ne') return sql<SqlBool>`(${column} is distinct from ${operand})`;
  if (op === 'co' || op === 'sw' || op === 'ew') return sql<SqlBool>`coalesce(${column} like ${LIKE[op](escapeLike(operand))}, false)`;
  // Strings order by code point, the same on every database and locale.
  return sql<SqlBool>`coalesce(${column} collate "C" ${ORDER[op]} ${operand}, false)`;
}

/** A filter inside `attribute[…]`: its attribute paths name sub-attributes of that attribute. */
function compileWithin(filter: ScimFilter, complex: Complex, parent: ScimAttributePath): RawBuilder<SqlBool> {
  switch (filter.op) {
    case 'and': return sql<SqlBool>`(${compileWithin(filter.left, complex, parent)} and ${compileWithin(filter.right, complex, parent)})`;
    case 'or': return sql<SqlBool>`(${compileWithin(filter.left, complex, parent)} or ${compileWithin(filter.right, complex, parent)})`;
    case 'not': return sql<SqlBool>`(not ${compileWithin(filter.filter, complex, parent)})`;
    case 'has': throw new ScimFilterError('a complex attribute filter cannot hold another');
    default: {
      if (filter.path.subAttribute || filter.path.schema) throw unknown({ ...parent, subAttribute: filter.path.attribute });
      const path = { ...parent, subAttribute: filter.path.attribute };
      return compareLeaf(subOf(complex, filter.path.attribute, path), filter.op, 'value' in filter ? filter.value : undefined, path);
    }
  }
}

export function userFilterCondition(filter: ScimFilter): RawBuilder<SqlBool> {
  switch (filter.op) {
    case 'and': return sql<SqlBool>`(${userFilterCondition(filter.left)} and ${userFilterCondition(filter.right)})`;
    case 'or': return sql<SqlBool>`(${userFilterCondition(filter.left)} or ${userFilterCondition(filter.right)})`;
    case 'not': return sql<SqlBool>`(not ${userFilterCondition(filter.filter)})`;
    case 'has': {
      const attribute = topLevel(filter.path);
      if (isLeaf(attribute)) throw new ScimFilterError(`"${named(filter.path)}" has no sub-attributes to filter on`);
      const inner = compileWithin(filter.filter, attribute, filter.path);
      return attribute.multiValued ? attribute.multiValued.over(inner) : inner;
    }
    default: {
      const attribute = topLevel(filter.path);
      const value = 'value' in filter ? filter.value : undefined;
      if (isLeaf(attribute)) {
        if (filter.path.subAttribute) throw unknown(filter.path);
        return compareLeaf(attribute, filter.op, value, filter.path);
      }
      // `emails eq "x"` compares the value sub-attribute; `name pr` asks for any sub-attribute.
      if (!filter.path.subAttribute && filter.op === 'pr' && !attribute.multiValued) {
        return Object.values(attribute.sub).map((leaf) => compareLeaf(leaf, 'pr', undefined, filter.path)).reduce((a, b) => sql<SqlBool>`(${a} or ${b})`);
      }
      const subName = filter.path.subAttribute ?? 'value';
      const condition = compareLeaf(subOf(attribute, subName, filter.path), filter.op, value, { ...filter.path, subAttribute: subName });
      return attribute.multiValued ? attribute.multiValued.over(condition) : condition;
    }
  }
}
