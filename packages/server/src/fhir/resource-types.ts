import type { Resource } from '@medplum/fhirtypes';
import { FHIR_RESOURCE_TYPES } from '@geria/domain';
import { parseDateRange, periodRange, type DateRange } from './dates.ts';
import { notFound } from './outcome.ts';
import { isReadOnlyType, readOnly } from './study-resources.ts';
import { parseReference } from './references.ts';

/**
 * What Geria stores at /fhir, and for each type the search parameters it serves and how their
 * values are read from a resource when it is written (they are indexed, never scanned at read time).
 */
export type StoredType = Exclude<(typeof FHIR_RESOURCE_TYPES)[number], 'ValueSet'>;
/** ValueSets are the study's own, served from code (study-resources.ts), no longer stored (issue 35). */
export const RESOURCE_TYPES = FHIR_RESOURCE_TYPES.filter((type): type is StoredType => type !== 'ValueSet');
export const isStoredType = (type: string): type is StoredType => (RESOURCE_TYPES as readonly string[]).includes(type);

/** The stored type named; a read-only type refuses the interaction (405), any other is unknown here (404). */
export function storedType(type: string): StoredType {
  if (isReadOnlyType(type)) throw readOnly(type);
  if (!isStoredType(type)) throw notFound(`Resource type ${type} is not supported`);
  return type;
}

/** Where a parameter's values are indexed: a column of fhir_resource, or the `tokens` array. */
export type ParamTarget = 'id' | 'lastUpdated' | 'patient' | 'encounter' | 'date' | 'tokens';
export type ParamType = 'token' | 'reference' | 'date' | 'uri';

export interface SearchParam {
  name: string;
  type: ParamType;
  target: ParamTarget;
  /** FHIRPath of the indexed element, published in the CapabilityStatement. */
  expression: string;
  /** Reference parameters: the type a bare id refers to. */
  referenceType?: string;
}

type Loose = Record<string, any>;
interface TokenValue { system?: string; code: string }
type TokenExtractor = (resource: Loose) => TokenValue[];

interface TypeDefinition {
  /** The element holding the Patient this resource is about. */
  patientElement?: 'subject' | 'patient' | 'individual';
  /** Clinical facts must belong to a Patient; Device and Questionnaire may be shared. */
  patientRequired: boolean;
  /** The type's clinical date, indexed in date_start/date_end and searched by these parameter names. */
  date?: { params: string[]; expression: string; extract: (resource: Loose) => DateRange | undefined };
  /** Parameters indexed in the tokens array, with their extractors. */
  tokens: { param: SearchParam; extract: TokenExtractor }[];
  references: SearchParam[];
}

const concepts = (value: unknown): TokenValue[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((cc: Loose) =>
    (cc.coding ?? []).filter((c: Loose) => c.code).map((c: Loose) => ({ system: c.system, code: c.code })));
const identifiers = (value: unknown): TokenValue[] =>
  (Array.isArray(value) ? value : []).filter((i: Loose) => typeof i?.value === 'string').map((i: Loose) => ({ system: i.system, code: i.value }));
const code = (system: string, value: unknown): TokenValue[] => (typeof value === 'string' ? [{ system, code: value }] : []);
const uris = (...values: unknown[]): TokenValue[] => values.flat().filter((v): v is string => typeof v === 'string').map((v) => ({ code: v }));
const refs = (value: unknown): TokenValue[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((r: Loose) => {
    const parsed = parseReference(r.reference);
    return parsed ? [{ code: `${parsed.type}/${parsed.id}` }] : [];
  });

const dateTime = (value: unknown) => (typeof value === 'string' ? parseDateRange(value) : undefined);
/** effective[x] / onset[x]: a dateTime, an instant or a Period. */
const choiceDate = (resource: Loose, prefix: string) =>
  dateTime(resource[`${prefix}DateTime`]) ?? dateTime(resource[`${prefix}Instant`]) ??
  (resource[`${prefix}Period`] ? periodRange(resource[`${prefix}Period`]) : undefined);

const param = (name: string, type: ParamType, target: ParamTarget, expression: string, referenceType?: string): SearchParam =>
  ({ name, type, target, expression, ...(referenceType && { referenceType }) });

const patientParams = (type: string, element: string, names: string[]) =>
  names.map((name) => param(name, 'reference', 'patient', `${type}.${element}`, 'Patient'));
const encounterParam = (type: string) => param('encounter', 'reference', 'encounter', `${type}.encounter`, 'Encounter');
const token = (type: string, name: string, paramType: ParamType, element: string, extract: TokenExtractor) =>
  ({ param: param(name, paramType, 'tokens', `${type}.${element}`), extract });

const effective = (type: string, params: string[]) =>
  ({ params, expression: `${type}.effective`, extract: (r: Loose) => choiceDate(r, 'effective') });

export const TYPES: Record<StoredType, TypeDefinition> = {
  Patient: {
    patientRequired: false,
    date: { params: ['birthdate'], expression: 'Patient.birthDate', extract: (r) => dateTime(r.birthDate) },
    tokens: [
      token('Patient', 'gender', 'token', 'gender', (r) => code('http://hl7.org/fhir/administrative-gender', r.gender)),
      // A registry's client creates or updates its Patient conditionally on its identifier (issue 35; migration 112 indexes older Patients).
      token('Patient', 'identifier', 'token', 'identifier', (r) => identifiers(r.identifier)),
    ],
    references: [],
  },
  Observation: {
    patientElement: 'subject',
    patientRequired: true,
    date: effective('Observation', ['date']),
    tokens: [
      token('Observation', 'code', 'token', 'code', (r) => concepts(r.code)),
      token('Observation', 'identifier', 'token', 'identifier', (r) => identifiers(r.identifier)),
      { param: param('device', 'reference', 'tokens', 'Observation.device', 'Device'), extract: (r) => refs(r.device) },
    ],
    references: [...patientParams('Observation', 'subject', ['subject', 'patient']), encounterParam('Observation')],
  },
  Condition: {
    patientElement: 'subject',
    patientRequired: true,
    date: { params: ['onset-date'], expression: 'Condition.onset', extract: (r) => choiceDate(r, 'onset') },
    tokens: [token('Condition', 'code', 'token', 'code', (r) => concepts(r.code))],
    references: [...patientParams('Condition', 'subject', ['subject', 'patient']), encounterParam('Condition')],
  },
  QuestionnaireResponse: {
    patientElement: 'subject',
    patientRequired: true,
    date: { params: ['authored'], expression: 'QuestionnaireResponse.authored', extract: (r) => dateTime(r.authored) },
    tokens: [token('QuestionnaireResponse', 'questionnaire', 'uri', 'questionnaire', (r) => uris(r.questionnaire, withoutVersion(r.questionnaire)))],
    references: [...patientParams('QuestionnaireResponse', 'subject', ['subject', 'patient']), encounterParam('QuestionnaireResponse')],
  },
  Encounter: {
    patientElement: 'subject',
    patientRequired: true,
    date: { params: ['date'], expression: 'Encounter.period', extract: (r) => (r.period ? periodRange(r.period) : undefined) },
    tokens: [],
    references: patientParams('Encounter', 'subject', ['subject', 'patient']),
  },
  ResearchSubject: {
    patientElement: 'individual',
    patientRequired: true,
    tokens: [token('ResearchSubject', 'status', 'token', 'status', (r) => code('http://hl7.org/fhir/research-subject-status', r.status))],
    references: patientParams('ResearchSubject', 'individual', ['individual', 'patient']),
  },
  DiagnosticReport: {
    patientElement: 'subject',
    patientRequired: true,
    date: effective('DiagnosticReport', ['date']),
    tokens: [
      token('DiagnosticReport', 'code', 'token', 'code', (r) => concepts(r.code)),
      token('DiagnosticReport', 'identifier', 'token', 'identifier', (r) => identifiers(r.identifier)),
      // Indexed for _revinclude=DiagnosticReport:result (issue 35; migration 111 indexes older reports).
      { param: param('result', 'reference', 'tokens', 'DiagnosticReport.result', 'Observation'), extract: (r) => refs(r.result) },
    ],
    references: patientParams('DiagnosticReport', 'subject', ['subject', 'patient']),
  },
  MedicationStatement: {
    patientElement: 'subject',
    patientRequired: true,
    // R4 names this parameter `effective`; Geria's screens ask for `date`.
    date: effective('MedicationStatement', ['effective', 'date']),
    tokens: [],
    references: patientParams('MedicationStatement', 'subject', ['subject', 'patient']),
  },
  AdverseEvent: {
    patientElement: 'subject',
    patientRequired: true,
    date: { params: ['date'], expression: 'AdverseEvent.date', extract: (r) => dateTime(r.date) },
    // R4's `substance`: what is suspected of causing the event, of several types (issue 35; migration 111 indexes older events).
    tokens: [{
      param: param('substance', 'reference', 'tokens', 'AdverseEvent.suspectEntity.instance'),
      extract: (r) => refs((Array.isArray(r.suspectEntity) ? r.suspectEntity : []).map((s: Loose) => s?.instance).filter(Boolean)),
    }],
    references: patientParams('AdverseEvent', 'subject', ['subject']),
  },
  FamilyMemberHistory: {
    patientElement: 'patient',
    patientRequired: true,
    tokens: [],
    references: patientParams('FamilyMemberHistory', 'patient', ['patient']),
  },
  // identifier: an app creates its Device once, conditionally on its identifier (issue 34; migration 091 indexes older Devices).
  Device: {
    patientElement: 'patient', patientRequired: false,
    tokens: [token('Device', 'identifier', 'token', 'identifier', (r) => identifiers(r.identifier))],
    references: patientParams('Device', 'patient', ['patient']),
  },
  Questionnaire: { patientRequired: false, tokens: [token('Questionnaire', 'url', 'uri', 'url', (r) => uris(r.url))], references: [] },
};

function withoutVersion(canonical: unknown) {
  return typeof canonical === 'string' && canonical.includes('|') ? canonical.split('|')[0] : undefined;
}

const COMMON: SearchParam[] = [
  param('_id', 'token', 'id', 'Resource.id'),
  param('_lastUpdated', 'date', 'lastUpdated', 'Resource.meta.lastUpdated'),
  param('_profile', 'uri', 'tokens', 'Resource.meta.profile'),
];

/** Every search parameter of a type, by name. */
export function searchParams(type: StoredType): Map<string, SearchParam> {
  const def = TYPES[type];
  const all = [
    ...COMMON,
    ...(def.date ? def.date.params.map((name) => param(name, 'date', 'date', def.date!.expression)) : []),
    ...def.tokens.map((t) => t.param),
    ...def.references,
  ];
  return new Map(all.map((p) => [p.name, p]));
}

/** The encodings stored in `tokens` for a value, and looked up by a search. */
export const tokenKeys = {
  present: (param: string) => param,
  exact: (param: string, system: string | undefined, value: string) => (system === undefined ? `${param}=${value}` : `${param}=${system}|${value}`),
  systemOnly: (param: string, system: string) => `${param}=${system}|`,
};

export interface SearchIndex {
  patientId: string | null;
  encounterId: string | null;
  date: DateRange | null;
  tokens: string[];
}

/** The search values of a resource, as stored beside it. */
export function extractIndex(type: StoredType, resource: Resource): SearchIndex {
  const def = TYPES[type];
  const r = resource as Loose;
  const keys = new Set<string>();
  const add = (name: string, values: TokenValue[], withSystems: boolean) => {
    if (values.length) keys.add(tokenKeys.present(name));
    for (const { system, code: value } of values) {
      keys.add(tokenKeys.exact(name, undefined, value));
      if (!withSystems) continue;
      keys.add(tokenKeys.exact(name, system ?? '', value));
      if (system) keys.add(tokenKeys.systemOnly(name, system));
    }
  };
  add('_profile', uris(r.meta?.profile ?? []), false);
  for (const { param: p, extract } of def.tokens) add(p.name, extract(r), p.type === 'token');
  const patient = def.patientElement ? parseReference(r[def.patientElement]?.reference) : undefined;
  const encounter = parseReference(r.encounter?.reference);
  return {
    patientId: type === 'Patient' ? (resource.id ?? null) : patient?.type === 'Patient' ? patient.id : null,
    encounterId: encounter?.type === 'Encounter' ? encounter.id : null,
    date: def.date?.extract(r) ?? null,
    tokens: [...keys],
  };
}
