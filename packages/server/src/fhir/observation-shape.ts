import {
  Annotation, CodeableConcept, Identifier, Meta, Period, Quantity, Reference, SimpleQuantity, fitsShape, shape, type Primitive, type Shape,
} from './shape-check.ts';

/**
 * The Observation devices send (issue 36: a Bundle of a hundred readings), as a shape that
 * shape-check.ts can prove valid without @medplum/core's validator. Elements left out here (text,
 * contained, extension, modifierExtension, implicitRules, effectiveTiming, valueRange, valueRatio,
 * valueSampledData, referenceRange.age ...) send the resource to the full validator.
 */

/** The value[x] types proven here, by member suffix. */
const VALUES: Record<string, Primitive | Shape> = {
  Quantity, CodeableConcept, String: 'string', Boolean: 'boolean', Integer: 'integer', Time: 'time', DateTime: 'dateTime', Period,
};
const valueMembers = Object.fromEntries(Object.entries(VALUES).map(([suffix, type]) => [`value${suffix}`, type]));
const VALUE_CHOICE = Object.keys(valueMembers);
const hasValue = (o: Record<string, unknown>) => VALUE_CHOICE.some((name) => name in o);

/** obs-6: dataAbsentReason only when there is no value (also required of components here: stricter than R4). */
const valueOrReason = (o: Record<string, unknown>) => !(o.dataAbsentReason !== undefined && hasValue(o));

/** obs-3: a reference range has a low, a high or a text. */
const ReferenceRange = shape({ low: SimpleQuantity, high: SimpleQuantity, type: CodeableConcept, appliesTo: [CodeableConcept], text: 'string' }, {
  invariant: (r) => r.low !== undefined || r.high !== undefined || r.text !== undefined,
});

const Component = shape({ code: CodeableConcept, ...valueMembers, dataAbsentReason: CodeableConcept, interpretation: [CodeableConcept], referenceRange: [ReferenceRange] }, {
  required: ['code'], choices: [VALUE_CHOICE], invariant: valueOrReason,
});

type Codings = { coding?: { code?: string }[] } | undefined;
const codes = (concept: Codings) => (concept?.coding ?? []).flatMap((c) => (c.code === undefined ? [] : [c.code]));

/**
 * obs-7: with a value, no component carries the Observation's own code. R4 compares whole Codings;
 * any shared code is left to the full validator.
 */
function componentCodesDiffer(o: Record<string, any>): boolean {
  if (!hasValue(o) || !o.component) return true;
  const own = new Set(codes(o.code));
  return (o.component as { code: Codings }[]).every((c) => codes(c.code).every((code) => !own.has(code)));
}

const Observation = shape({
  id: 'id', meta: Meta, language: 'code', identifier: [Identifier], basedOn: [Reference], partOf: [Reference], status: 'code', category: [CodeableConcept],
  code: CodeableConcept, subject: Reference, focus: [Reference], encounter: Reference,
  effectiveDateTime: 'dateTime', effectivePeriod: Period, effectiveInstant: 'instant', issued: 'instant', performer: [Reference],
  ...valueMembers, dataAbsentReason: CodeableConcept, interpretation: [CodeableConcept], note: [Annotation], bodySite: CodeableConcept, method: CodeableConcept,
  specimen: Reference, device: Reference, referenceRange: [ReferenceRange], hasMember: [Reference], derivedFrom: [Reference], component: [Component],
}, {
  required: ['status', 'code'],
  choices: [['effectiveDateTime', 'effectivePeriod', 'effectiveInstant'], VALUE_CHOICE],
  invariant: (o) => valueOrReason(o) && componentCodesDiffer(o),
});

/** True only if `resource` is an Observation of the shape above: valid R4, as @medplum/core would find it. */
export const isProvenObservation = (resource: Record<string, unknown>) => resource.resourceType === 'Observation' && fitsShape(Observation, resource, 'resourceType');
