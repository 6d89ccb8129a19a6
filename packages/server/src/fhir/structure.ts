import { tryGetDataType, type InternalSchemaElement, type InternalTypeSchema } from '@medplum/core';
import type { Issue } from './outcome.ts';

/**
 * The shape checks @medplum/core's validator leaves out (it is indexed first, see validate.ts):
 * an element that must be an object given a number or an array (`code.coding: [1e308]`,
 * `coding: {}`), a primitive given an object (`valueQuantity.value: {}`), and member names that
 * exist only on Object.prototype (`__proto__`, `constructor`), which its look-ups mistake for elements.
 */
const NUMBER_TYPES = new Set(['decimal', 'integer', 'unsignedInt', 'positiveInt', 'integer64', 'http://hl7.org/fhirpath/System.Decimal', 'http://hl7.org/fhirpath/System.Integer']);
const BOOLEAN_TYPES = new Set(['boolean', 'http://hl7.org/fhirpath/System.Boolean']);
const isPrimitive = (code: string) => /^[a-z]/.test(code) || code.startsWith('http://hl7.org/fhirpath/System.');
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const capitalised = (code: string) => code.charAt(0).toUpperCase() + code.slice(1);

type Found = { element: InternalSchemaElement; types: string[] };

/** Each schema's member names (`valueQuantity` ...) with what they stand for, made once: a Bundle checks the same names a hundred times. */
const membersOf = new WeakMap<InternalTypeSchema, Map<string, Found>>();

function members(schema: InternalTypeSchema): Map<string, Found> {
  let found = membersOf.get(schema);
  if (found) return found;
  found = new Map();
  for (const [name, element] of Object.entries(schema.elements)) found.set(name, { element, types: element.type.map((t) => t.code) });
  // A choice member: the first choice element (in the schema's order) that has the type its name ends with.
  for (const [name, element] of Object.entries(schema.elements)) {
    if (!name.endsWith('[x]')) continue;
    for (const type of element.type) {
      const member = `${name.slice(0, -3)}${capitalised(type.code)}`;
      if (!found.has(member)) found.set(member, { element, types: [type.code] });
    }
  }
  membersOf.set(schema, found);
  return found;
}

/** The element a member name stands for, with the type a choice member (`valueQuantity`) names. */
const elementOf = (schema: InternalTypeSchema, key: string): Found | undefined => members(schema).get(key);

function primitiveIssue(code: string, value: unknown): string | undefined {
  if (NUMBER_TYPES.has(code)) return typeof value === 'number' && Number.isFinite(value) ? undefined : 'a number';
  if (BOOLEAN_TYPES.has(code)) return typeof value === 'boolean' ? undefined : 'true or false';
  return typeof value === 'string' ? undefined : 'a string';
}

function checkValue(value: unknown, types: string[], path: string, issues: Issue[]) {
  const [code] = types;
  if (code === 'Resource') {
    if (!isObject(value) || typeof value.resourceType !== 'string') issues.push({ code: 'structure', text: `${path} must be a resource`, expression: path });
    else checkObject(value, value.resourceType, value.resourceType, issues);
    return;
  }
  if (isPrimitive(code)) {
    const expected = primitiveIssue(code, value);
    if (expected) issues.push({ code: 'value', text: `${path} must be ${expected}`, expression: path });
    return;
  }
  if (!isObject(value)) issues.push({ code: 'structure', text: `${path} must be an object (${code})`, expression: path });
  else checkObject(value, code, path, issues);
}

function checkObject(value: Record<string, unknown>, typeName: string, path: string, issues: Issue[]) {
  const schema = tryGetDataType(typeName);
  if (!schema) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'resourceType' && path === typeName) continue;
    // `_status` carries a primitive's id and extensions; the validator checks its contents.
    if (key.startsWith('_') && key !== '__proto__' && elementOf(schema, key.slice(1))) continue;
    const found = elementOf(schema, key);
    const at = `${path}.${key}`;
    if (!found) {
      issues.push({ code: 'structure', text: `Unknown element ${at}`, expression: at });
      continue;
    }
    if (found.element.isArray) {
      if (!Array.isArray(child)) issues.push({ code: 'structure', text: `${at} must be an array`, expression: at });
      else child.forEach((item, i) => checkValue(item, found.types, `${at}[${i}]`, issues));
    } else if (Array.isArray(child)) issues.push({ code: 'structure', text: `${at} must be a single value`, expression: at });
    else checkValue(child, found.types, at, issues);
  }
}

/** Shape problems of `resource` (already known to be an object of a stored type), each naming its element. */
export function structureIssues(resource: Record<string, unknown> & { resourceType: string }): Issue[] {
  const issues: Issue[] = [];
  checkObject(resource, resource.resourceType, resource.resourceType, issues);
  return issues;
}
