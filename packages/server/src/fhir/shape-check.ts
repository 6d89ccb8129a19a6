import { validationRegexes } from '@medplum/core';

/**
 * A proof of validity for the few shapes devices send in bulk, cheaper than @medplum/core's validator
 * (which walks every element of the type, present or not, and evaluates FHIRPath invariants). A shape
 * lists the elements it knows; `fitsShape` is true only when every member of the object is one of them,
 * of its R4 type and cardinality, with R4's primitive formats (the regexes @medplum/core checks) and
 * the invariants the shape states. Anything else (an unknown or `_` member, an extension, a doubt) is
 * false: the caller then runs the full validator, so every refusal reads as before.
 */
export type Primitive = 'string' | 'markdown' | 'code' | 'uri' | 'canonical' | 'id' | 'dateTime' | 'instant' | 'time' | 'decimal' | 'integer' | 'boolean';

export interface Element { type: Primitive | Shape; array?: true }

export interface Shape {
  elements: ReadonlyMap<string, Element>;
  /** Elements of cardinality 1.. */
  required?: readonly string[];
  /** Groups of choice members (`valueQuantity`, `valueString` ...) of which one at most may be present. */
  choices?: readonly (readonly string[])[];
  /** The shape's invariants, on an object whose members already fit. */
  invariant?: (value: Record<string, any>) => boolean;
}

export const shape = (elements: Record<string, Primitive | Shape | [Primitive | Shape]>, rules: Omit<Shape, 'elements'> = {}): Shape => ({
  elements: new Map(Object.entries(elements).map(([name, type]) => [name, Array.isArray(type) ? { type: type[0], array: true } : { type }])),
  ...rules,
});

/** R4's limit on a string (datatypes.html#string), as @medplum/core enforces it. */
const MAX_STRING = 1024 * 1024;
/** R4's integer is 32 bits. */
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

function fitsPrimitive(type: Primitive, value: unknown): boolean {
  switch (type) {
    case 'boolean': return typeof value === 'boolean';
    case 'decimal': return typeof value === 'number' && Number.isFinite(value);
    case 'integer': return typeof value === 'number' && Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX;
    default: return typeof value === 'string' && value.length <= MAX_STRING && value.trim() !== '' && validationRegexes[type].test(value);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

const fitsType = (type: Primitive | Shape, value: unknown) => (typeof type === 'string' ? fitsPrimitive(type, value) : fitsShape(type, value));

/** True only if `value` is proven a valid instance of `shape`; `skip` is a member left to the caller (a resource's `resourceType`). */
export function fitsShape(shape: Shape, value: unknown, skip?: string): boolean {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  // An empty object is no value (R4's ele-1; @medplum/core: "Invalid empty value").
  if (keys.length === (skip !== undefined && skip in value ? 1 : 0)) return false;
  for (const key of keys) {
    if (key === skip) continue;
    const element = shape.elements.get(key);
    if (!element) return false;
    const child = value[key];
    if (element.array) {
      if (!Array.isArray(child) || child.length === 0) return false;
      for (const item of child) if (!fitsType(element.type, item)) return false;
    } else if (!fitsType(element.type, child)) return false;
  }
  for (const name of shape.required ?? []) if (!(name in value)) return false;
  for (const group of shape.choices ?? []) if (group.filter((name) => name in value).length > 1) return false;
  return !shape.invariant || shape.invariant(value);
}

// The R4 data types of those shapes, with only their own elements (no id, no extension).

export const Coding = shape({ system: 'uri', version: 'string', code: 'code', display: 'string', userSelected: 'boolean' });
export const CodeableConcept = shape({ coding: [Coding], text: 'string' });

const TIME_ZONE = /(Z|[+-]\d{2}:\d{2})$/;
/**
 * per-1 (start <= end). @medplum/core compares the two strings; they order as instants only when they
 * have the same length and time zone, which is what is accepted here.
 */
const startNotAfterEnd = ({ start, end }: { start?: string; end?: string }) => start === undefined || end === undefined
  || (start.length === end.length && TIME_ZONE.exec(start)?.[0] === TIME_ZONE.exec(end)?.[0] && start <= end);
export const Period = shape({ start: 'dateTime', end: 'dateTime' }, { invariant: startNotAfterEnd });

/** Identifier and Reference refer to each other (Identifier.assigner, Reference.identifier). */
const referenceElements = new Map<string, Element>([['reference', { type: 'string' }], ['type', { type: 'uri' }], ['display', { type: 'string' }]]);
/** ref-1: a reference to a contained resource ('#...') is left to the full validator (there are none here). */
export const Reference: Shape = { elements: referenceElements, invariant: (r) => typeof r.reference !== 'string' || !r.reference.startsWith('#') };
export const Identifier = shape({ use: 'code', type: CodeableConcept, system: 'uri', value: 'string', period: Period, assigner: Reference });
referenceElements.set('identifier', { type: Identifier });

/** qty-3: a unit code needs its system. */
const codedUnitHasSystem = (q: Record<string, unknown>) => q.code === undefined || q.system !== undefined;
const COMPARATORS = new Set(['<', '<=', '>=', '>']);
export const Quantity = shape({ value: 'decimal', comparator: 'code', unit: 'string', system: 'uri', code: 'code' }, {
  invariant: (q) => codedUnitHasSystem(q) && (q.comparator === undefined || COMPARATORS.has(q.comparator)),
});
/** SimpleQuantity: a Quantity without comparator (sqty-1). */
export const SimpleQuantity = shape({ value: 'decimal', unit: 'string', system: 'uri', code: 'code' }, { invariant: codedUnitHasSystem });

export const Annotation = shape({ authorReference: Reference, authorString: 'string', time: 'dateTime', text: 'markdown' }, {
  required: ['text'], choices: [['authorReference', 'authorString']],
});

export const Meta = shape({ versionId: 'id', lastUpdated: 'instant', source: 'uri', profile: ['canonical'], security: [Coding], tag: [Coding] });
