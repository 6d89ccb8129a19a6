import { tryGetDataType, type InternalTypeSchema } from '@medplum/core';
import type { Resource } from '@medplum/fhirtypes';
import { invalid } from './outcome.ts';
import type { StoredType } from './resource-types.ts';
import { ensureIndexed } from './validate.ts';

/**
 * _summary and _elements (FHIR R4 search §3.1.1.5.8–9): each match answers only some of its
 * elements, and is tagged SUBSETTED so that no client takes it for the whole resource (or writes it
 * back). Which elements are summary or mandatory comes from the R4 StructureDefinitions the
 * validator already indexes, not from a list of our own.
 */
export const SUMMARIES = ['true', 'text', 'data', 'count', 'false'] as const;
export type Summary = (typeof SUMMARIES)[number];

const SUBSETTED = { system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue', code: 'SUBSETTED' };
/** Always answered: what makes the rest of the answer a resource. */
const ALWAYS = new Set(['resourceType', 'id', 'meta']);

function schemaOf(type: string): InternalTypeSchema {
  ensureIndexed();
  const schema = tryGetDataType(type);
  if (!schema) throw new Error(`No StructureDefinition indexed for ${type}`);
  return schema;
}

/** The element a member name stands for: `effectiveDateTime` (and `effective`) is the choice element `effective`. */
function elementName(schema: InternalTypeSchema, key: string): string | undefined {
  if (Object.hasOwn(schema.elements, key)) return key;
  if (Object.hasOwn(schema.elements, `${key}[x]`)) return key;
  for (const name of Object.keys(schema.elements)) {
    if (name.endsWith('[x]') && key.startsWith(name.slice(0, -3)) && /^[A-Z]/.test(key.slice(name.length - 3))) return name.slice(0, -3);
  }
  return undefined;
}

/** `_elements=code,subject` (or `Observation.code`): the type's top-level elements, each checked. */
export function parseElements(type: StoredType, value: string): string[] {
  const schema = schemaOf(type);
  return value.split(',').map((item) => item.trim()).filter(Boolean).map((item) => {
    const name = item.startsWith(`${type}.`) ? item.slice(type.length + 1) : item;
    const element = elementName(schema, name.endsWith('[x]') ? name.slice(0, -3) : name);
    if (!element) throw invalid(`_elements: ${type} has no element "${item}" (name top-level elements, e.g. ${type}.id)`, '_elements');
    return element;
  });
}

/** Whether a search answers its matches whole. */
export const isWhole = (summary: Summary | undefined, elements: readonly string[] | undefined) =>
  (summary === undefined || summary === 'false') && elements === undefined;

/** The match as the search asks for it: a new object (the stored one may be shared), tagged SUBSETTED when cut. */
export function subset(resource: Resource, summary: Summary | undefined, elements: readonly string[] | undefined): Resource {
  if (isWhole(summary, elements)) return resource;
  const schema = schemaOf(resource.resourceType);
  const mandatory = schema.mandatoryProperties ?? new Set<string>();
  const summaryElements = schema.summaryProperties ?? new Set<string>();
  const wanted = new Set(elements);
  const keep = (name: string | undefined, key: string): boolean => {
    if (elements) return name !== undefined && (wanted.has(name) || mandatory.has(name));
    switch (summary) {
      case 'true': return name !== undefined && summaryElements.has(name);
      case 'text': return key === 'text' || (name !== undefined && mandatory.has(name));
      default: return key !== 'text'; // data
    }
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(resource)) {
    if (ALWAYS.has(key) || keep(elementName(schema, key), key)) out[key] = value;
  }
  const meta = resource.meta ?? {};
  out.meta = { ...meta, tag: [...(meta.tag ?? []), SUBSETTED] };
  return out as unknown as Resource;
}
