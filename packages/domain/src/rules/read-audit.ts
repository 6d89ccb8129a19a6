/**
 * Reads of patient data are audited (who viewed which participant's record, as clinical-study
 * trails do): one entry per request, never one per resource.
 */
export const READ_ACTIONS = ['read.participant', 'read.assessments', 'read.clinical', 'read.fhir', 'read.fhirSearch'] as const;
export type ReadAction = (typeof READ_ACTIONS)[number];

// What follows /participant(s)/:id in a route's path, by kind of data.
const RECORD = new Set(['', 'demographics', 'recruitment-decisions', 'device', 'identity']);
const ASSESSMENTS = new Set(['assessments', 'working-state', 'questionnaire-responses']);
const PARTICIPANT_ROUTE = /^\/api\/v1\/(?:participants?|patients)\/:(id|patientId)(?:\/([^/]+))?/;

/**
 * The read action of an API route (its pattern, as the router names it) that reads one
 * participant's data, with the route parameter naming them; undefined for any other route.
 */
export function participantReadOf(route: string): { action: ReadAction; param: string } | undefined {
  const match = PARTICIPANT_ROUTE.exec(route);
  if (!match) return undefined;
  const segment = match[2] ?? '';
  const action = RECORD.has(segment) ? 'read.participant' : ASSESSMENTS.has(segment) ? 'read.assessments' : 'read.clinical';
  return { action, param: match[1]! };
}

export interface ReadAuditRecord {
  action: ReadAction;
  entityType: 'participant' | 'participants';
  entityId: string | null;
  details: Record<string, unknown>;
}

/**
 * The audit entry of one read request, given how many resources of each participant it answered:
 * about one participant it names them as entity and as details.participantId (what the trail's
 * participant filter and an erasure's redaction look for); about several it lists the count of each
 * (a search over many is one summary); about none, there is nothing to audit.
 */
export function readAuditRecord(action: ReadAction, participants: Readonly<Record<string, number>>, details: Record<string, unknown> = {}): ReadAuditRecord | undefined {
  const ids = Object.keys(participants);
  if (ids.length === 0) return undefined;
  if (ids.length === 1) return { action, entityType: 'participant', entityId: ids[0]!, details: { participantId: ids[0], ...details } };
  return { action, entityType: 'participants', entityId: null, details: { participants, ...details } };
}

/** How many of `ids` each participant has (null: a resource about no participant, not counted). */
export function countByParticipant(ids: Iterable<string | null | undefined>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const id of ids) if (id) counts[id] = (counts[id] ?? 0) + 1;
  return counts;
}
