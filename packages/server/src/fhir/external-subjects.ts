import { IDENTITY_STATUS_ACTIVE, subjectIdScope, UPLOAD_KEY_SYSTEM, uploadKey, uploadKeySearch, type Organisation, type SubjectIdKind } from '@geria/domain';
import { FhirError, translatedError, type Issue } from './outcome.ts';
import type { Executor } from './repository.ts';
import { isStoredType, TYPES } from './resource-types.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How the refusal names the ids' project. */
const PROJECT: Record<SubjectIdKind, string> = { geria: 'Geria', smart4health: 'Smart4Health', holobalance: 'HOLOBalance' };

/** The daily summaries keyed for idempotency (`@geria/domain` uploadKey). */
const KEYED_TYPES = new Set(['Observation', 'DiagnosticReport']);

/** A resource's `Patient/<id>` reference in its patient element, if it has one. */
function subjectOf(resource: Json): { element: string; id: string } | undefined {
  const type = resource.resourceType;
  const element = typeof type === 'string' && isStoredType(type) ? TYPES[type].patientElement : undefined;
  const reference = element && isObject(resource[element]) ? (resource[element] as Json).reference : undefined;
  const id = typeof reference === 'string' && reference.startsWith('Patient/') ? reference.slice('Patient/'.length) : undefined;
  return element && id ? { element, id } : undefined;
}

/** The time the data cover: the effectivePeriod, or an effectiveDateTime as a period of no length (a HOLOBalance score). */
function periodOf(resource: Json): Json | undefined {
  if (isObject(resource.effectivePeriod)) return resource.effectivePeriod;
  return typeof resource.effectiveDateTime === 'string' ? { start: resource.effectiveDateTime, end: resource.effectiveDateTime } : undefined;
}

function firstCoding(resource: Json): Json | undefined {
  const coding = isObject(resource.code) && Array.isArray(resource.code.coding) ? resource.code.coding[0] : undefined;
  return isObject(coding) ? coding : undefined;
}

/**
 * What an app that knows participants only by an external id posts (the Citizen Hub, issue 34 §3,
 * and the HOLOBalance platform, §4: transaction Bundles sent again whole when they retry), made into what Geria stores,
 * before the FHIR service sees it:
 * - each `Patient/<external id>` becomes `Patient/<participant id>` of the participant of the
 *   client's organisation with that id active in the client's scope; any other (unknown, inactive,
 *   another organisation's) refuses the request (422 naming each entry), so nothing is stored;
 * - a created Observation or DiagnosticReport gets its upload key (participant, code, period) as an
 *   identifier and is created only when no resource has it, so the same day sent again stores
 *   nothing new (an entry's own ifNoneExist is kept);
 * - a HAPI client's placeholders that FHIR would refuse are dropped: the `urn:uuid:` id of a
 *   created resource (the server gives ids) and an empty narrative (`text` without a `div`).
 * Answers the body to process, and for a single resource its If-None-Exist search.
 */
export async function adaptExternalSubjects(db: Executor, kind: SubjectIdKind, organisation: Organisation, body: unknown): Promise<{ body: unknown; ifNoneExist?: string }> {
  const scope = subjectIdScope(kind);
  if (scope === undefined || !isObject(body)) return { body };
  const bundle = body.resourceType === 'Bundle' && Array.isArray(body.entry);
  // Each resource with where it is (its expression prefix) and, when created, its entry's request.
  const items = bundle
    ? (body.entry as unknown[]).flatMap((entry, index) => (isObject(entry) && isObject(entry.resource)
      ? [{ resource: entry.resource, at: `Bundle.entry[${index}].resource`, request: isObject(entry.request) && entry.request.method === 'POST' ? entry.request : undefined }]
      : []))
    : [{ resource: body, at: String(body.resourceType), request: {} as Json }];

  const externalIds = [...new Set(items.flatMap(({ resource }) => subjectOf(resource)?.id ?? []))];
  const participants = externalIds.length ? new Map((await db.selectFrom('identity').innerJoin('participant', 'participant.id', 'identity.participant_id')
    .select(['identity.identity_id', 'participant.id']).where('identity.scope', '=', scope).where('identity.status', '=', IDENTITY_STATUS_ACTIVE)
    .where('participant.organisation', '=', organisation.abbr).where('identity.identity_id', 'in', externalIds).execute())
    .map((row) => [row.identity_id, row.id])) : new Map<string, string>();

  const issues: Issue[] = [];
  for (const { resource, at, request } of items) {
    if (request) {
      delete resource.id;
      if (isObject(resource.text) && resource.text.div === undefined) delete resource.text;
    }
    const subject = subjectOf(resource);
    if (!subject) continue;
    const participantId = participants.get(subject.id);
    if (!participantId) {
      const expression = `${at}.${subject.element}`;
      issues.push(...translatedError(422, 'not-found', 'errors.externalSubjectUnknown', { id: subject.id, project: PROJECT[kind] }, expression).issues);
      continue;
    }
    (resource[subject.element] as Json).reference = `Patient/${participantId}`;
    const key = request && KEYED_TYPES.has(String(resource.resourceType))
      ? uploadKey({ participantId, coding: firstCoding(resource), period: periodOf(resource) })
      : undefined;
    if (!key) continue;
    resource.identifier = [...(Array.isArray(resource.identifier) ? resource.identifier : []), { system: UPLOAD_KEY_SYSTEM, value: key }];
    request!.ifNoneExist ??= uploadKeySearch(key);
  }
  if (issues.length) throw new FhirError(422, issues);
  return bundle ? { body } : { body, ifNoneExist: items[0]!.request!.ifNoneExist as string | undefined };
}
