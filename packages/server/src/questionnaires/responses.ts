import { randomUUID } from 'node:crypto';
import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import {
  fromResponseItems, getInstrument, INSTRUMENTS, questionnaireUrl, recordedInstrument, requireInstrument,
  toQuestionnaireResponse, translate, validateAnswers, type Answers, type InstrumentDef, type Language, type ResponseItem, type ScoreResult, type SessionUser,
} from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { FhirError, fhirService, type FhirClient } from '../fhir/service.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { derivedObservations, INSTRUMENT_SCORE_SYSTEM } from './derived-observations.ts';
import { reported } from './errors.ts';
import { ensureQuestionnaire } from './questionnaire-resources.ts';
import { requirePsfsAllowed } from './psfs-gate.ts';

/**
 * Questionnaire responses of a patient (SPEC §3 "Questionnaire response"): a save writes the
 * completed QuestionnaireResponse and the Observations derived from its score in one FHIR
 * transaction; an update replaces the derived observations and a deletion removes them, in the
 * same transaction as the response. Roles, organisation scoping and the audit trail are the
 * FHIR service's: another organisation's patient or response does not exist (404).
 */
type StoredResponse = Resource & {
  id: string;
  questionnaire?: string;
  subject?: { reference?: string };
  encounter?: { reference?: string };
  authored?: string;
  author?: unknown;
  item?: ResponseItem[];
  meta?: { versionId?: string };
};
type StoredObservation = Resource & { id: string; derivedFrom?: { reference?: string }[] };

export interface ResponseSummary {
  id: string;
  instrumentId: string;
  /** The definition version the response was recorded with. */
  version: string;
  patientId: string;
  encounterId: string | null;
  authored: string | null;
  answers: Answers;
  /** Null when the stored answers no longer score (e.g. changed by another client through /fhir). */
  score: ScoreResult | null;
}

export interface ResponseDetail extends ResponseSummary {
  response: Resource;
  observations: Resource[];
}

export interface NewResponse {
  instrumentId: string;
  answers: unknown;
  encounterId?: string;
  authored?: string;
}

/** A new answer set for a stored response; omitted fields keep their stored values. */
export interface ResponseChange {
  /** When given, it must be the stored response's instrument: an update never changes it. */
  instrumentId?: string;
  answers: unknown;
  encounterId?: string;
  authored?: string;
  /** The response version the change was made from (If-Match). */
  ifMatch?: number;
}

const USERNAME_SYSTEM = 'https://geria.example.org/fhir/sid/username';
const PAGE_MAX = 10_000;

/** The recording user is an account, not a FHIR resource: a logical reference by username. */
const authorOf = (user: SessionUser) => ({ identifier: { system: USERNAME_SYSTEM, value: user.username }, display: user.fullName });

const actor = (user: SessionUser) => ({ kind: 'user', user }) as const;

/** Work on the FHIR store inside one database transaction: it all commits or nothing does. */
const inTransaction = <T>(db: Db, user: SessionUser, work: (fhir: FhirClient) => Promise<T>) =>
  db.kysely.transaction().execute((trx) => work(fhirService(trx).withContext(actor(user))));

const resources = (bundle: Bundle) => (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
const idOf = (reference: string | undefined, type: string) =>
  reference?.startsWith(`${type}/`) ? reference.slice(type.length + 1) : null;

/**
 * The definition a stored response was recorded with and its version; undefined for other
 * questionnaires. A response keeps its definition: one of an earlier major version (a MoCA of 13
 * items) is read, scored and edited with that version's definition, never forced into the current one.
 */
function recordedWith(response: StoredResponse): { def: InstrumentDef; version: string } | undefined {
  const def = recordedInstrument(response.questionnaire);
  return def && { def, version: response.questionnaire?.split('|')[1] ?? '' };
}

function summary(response: StoredResponse): ResponseSummary {
  const recorded = recordedWith(response);
  if (!recorded) throw new AppError(422, 'questionnaire.loadError');
  const answers = fromResponseItems(response.item ?? []);
  let score: ScoreResult | null;
  try {
    score = recorded.def.score(validateAnswers(recorded.def, answers));
  } catch {
    score = null;
  }
  return {
    id: response.id,
    instrumentId: recorded.def.id,
    version: recorded.version,
    patientId: idOf(response.subject?.reference, 'Patient') ?? '',
    encounterId: idOf(response.encounter?.reference, 'Encounter'),
    authored: response.authored ?? null,
    answers,
    score,
  };
}

const detail = (response: StoredResponse, observations: Resource[]): ResponseDetail => ({ ...summary(response), response, observations });

/** The patient, visible to the user (404 otherwise). */
const requirePatient = (fhir: FhirClient, patientId: string) => fhir.read('Patient', patientId);

/** An encounter given with a response must be one of the same patient's. */
async function requireEncounter(fhir: FhirClient, encounterId: string, patientId: string): Promise<void> {
  const subject = await fhir.read('Encounter', encounterId).then(
    (encounter) => (encounter as { subject?: { reference?: string } }).subject?.reference,
    (error: unknown) => {
      if (error instanceof FhirError && (error.status === 404 || error.status === 410)) return undefined;
      throw error;
    },
  );
  if (subject !== `Patient/${patientId}`) throw new AppError(422, 'questionnaire.encounterNotFound', { encounter: encounterId });
}

async function readResponse(fhir: FhirClient, id: string): Promise<StoredResponse & { def: InstrumentDef }> {
  const response = (await fhir.read('QuestionnaireResponse', id)) as StoredResponse;
  const recorded = recordedWith(response);
  // A response to another questionnaire is not this API's to show or change.
  if (!recorded) throw new AppError(422, 'questionnaire.loadError');
  return Object.assign(response, { def: recorded.def });
}

/** The observations derived from a response (same patient and score system, derivedFrom the response). */
async function derivedFrom(fhir: FhirClient, response: StoredResponse): Promise<StoredObservation[]> {
  const page = await fhir.search('Observation', {
    subject: response.subject?.reference ?? '',
    code: `${INSTRUMENT_SCORE_SYSTEM}|`,
    ...(response.encounter?.reference && { encounter: response.encounter.reference }),
    _count: String(PAGE_MAX),
  });
  const reference = `QuestionnaireResponse/${response.id}`;
  return (resources(page) as StoredObservation[]).filter((o) => o.derivedFrom?.some((d) => d.reference === reference));
}

const post = (resource: object, fullUrl?: string): BundleEntry =>
  ({ ...(fullUrl && { fullUrl }), resource: resource as Resource, request: { method: 'POST', url: (resource as Resource).resourceType } });

const transaction = (entry: BundleEntry[]): Bundle => ({ resourceType: 'Bundle', type: 'transaction', entry });

export async function saveResponse(db: Db, user: SessionUser, patientId: string, input: NewResponse, language: Language): Promise<ResponseDetail> {
  let def: InstrumentDef | undefined;
  return reported(async () => {
    const instrument = requireInstrument(input.instrumentId);
    def = instrument;
    const answers = validateAnswers(instrument, input.answers);
    await ensureQuestionnaire(db, instrument);
    return inTransaction(db, user, async (fhir) => {
      await requirePatient(fhir, patientId);
      if (input.encounterId) await requireEncounter(fhir, input.encounterId, patientId);
      if (instrument.id === 'psfs') await requirePsfsAllowed(fhir, patientId, input.encounterId);
      const subject = `Patient/${patientId}`;
      const encounter = input.encounterId ? `Encounter/${input.encounterId}` : undefined;
      const authored = input.authored ?? new Date().toISOString();
      const response = { ...toQuestionnaireResponse({ instrument, answers, subject, encounter, authored, language }), author: authorOf(user) };
      const urn = `urn:uuid:${randomUUID()}`;
      const observations = derivedObservations(instrument, instrument.score(answers), { subject, encounter, effective: authored, derivedFrom: urn });
      const result = resources(await fhir.bundle(transaction([post(response, urn), ...observations.map((o) => post(o))])));
      const [stored, ...derived] = result as [StoredResponse, ...Resource[]];
      return detail(stored, derived);
    });
  }, 'questionnaire.saveError', () => def, language);
}

export async function listResponses(db: Db, user: SessionUser, patientId: string,
  query: { instrumentId?: string; encounterId?: string; page: number; pageSize: number }, language: Language): Promise<{ items: ResponseSummary[]; total: number }> {
  return reported(async () => {
    const fhir = fhirService(db).withContext(actor(user));
    await requirePatient(fhir, patientId);
    const urls = (query.instrumentId ? [query.instrumentId] : INSTRUMENTS.map((def) => def.id)).map(questionnaireUrl);
    const page = await fhir.search('QuestionnaireResponse', {
      subject: `Patient/${patientId}`,
      questionnaire: urls.join(','),
      ...(query.encounterId && { encounter: `Encounter/${query.encounterId}` }),
      _sort: '-authored',
      _count: String(query.pageSize),
      _offset: String(query.page * query.pageSize),
    });
    return { items: (resources(page) as StoredResponse[]).map(summary), total: page.total ?? 0 };
  }, 'questionnaire.loadError', () => undefined, language);
}

export async function getResponse(db: Db, user: SessionUser, id: string, language: Language): Promise<ResponseDetail> {
  return reported(async () => {
    const fhir = fhirService(db).withContext(actor(user));
    const response = await readResponse(fhir, id);
    return detail(response, await derivedFrom(fhir, response));
  }, 'questionnaire.loadError', () => undefined, language);
}

export async function updateResponse(db: Db, user: SessionUser, id: string, change: ResponseChange, language: Language): Promise<ResponseDetail> {
  let def: InstrumentDef | undefined;
  const updated = await reported(() => inTransaction(db, user, async (fhir) => {
    const stored = await readResponse(fhir, id);
    def = stored.def;
    if (change.instrumentId !== undefined && change.instrumentId !== stored.def.id) {
      throw badRequest('errors.validation', [{ path: 'instrumentId', code: 'validation.invalid', message: translate(language, 'validation.invalid') }]);
    }
    const answers = validateAnswers(stored.def, change.answers);
    const patientId = idOf(stored.subject?.reference, 'Patient') ?? '';
    if (change.encounterId) await requireEncounter(fhir, change.encounterId, patientId);
    const subject = `Patient/${patientId}`;
    const encounter = change.encounterId ? `Encounter/${change.encounterId}` : stored.encounter?.reference;
    const authored = change.authored ?? stored.authored ?? new Date().toISOString();
    const next = {
      ...toQuestionnaireResponse({ instrument: stored.def, answers, subject, encounter, authored, language, id }),
      ...(stored.author !== undefined && { author: stored.author }),
    };
    const previous = await derivedFrom(fhir, stored);
    const observations = derivedObservations(stored.def, stored.def.score(answers), { subject, encounter, effective: authored, derivedFrom: `QuestionnaireResponse/${id}` });
    const result = resources(await fhir.bundle(transaction([
      {
        resource: next as Resource,
        request: { method: 'PUT', url: `QuestionnaireResponse/${id}`, ...(change.ifMatch !== undefined && { ifMatch: `W/"${change.ifMatch}"` }) },
      },
      ...previous.map((o): BundleEntry => ({ request: { method: 'DELETE', url: `Observation/${o.id}` } })),
      ...observations.map((o) => post(o)),
    ])));
    const [response, ...derived] = result as [StoredResponse, ...Resource[]];
    return detail(response, derived);
  }), 'questionnaire.saveError', () => def, language);
  // The response records its definition's version; an earlier version's Questionnaire is in the
  // resource's history and is not published over the current one.
  if (def === getInstrument(def!.id)) await ensureQuestionnaire(db, def!);
  return updated;
}

export async function deleteResponse(db: Db, user: SessionUser, id: string, language: Language): Promise<void> {
  let def: InstrumentDef | undefined;
  await reported(() => inTransaction(db, user, async (fhir) => {
    const stored = await readResponse(fhir, id);
    def = stored.def;
    const derived = await derivedFrom(fhir, stored);
    await fhir.bundle(transaction([
      ...derived.map((o): BundleEntry => ({ request: { method: 'DELETE', url: `Observation/${o.id}` } })),
      { request: { method: 'DELETE', url: `QuestionnaireResponse/${id}` } },
    ]));
  }), 'questionnaire.deleteError', () => def, language);
}
