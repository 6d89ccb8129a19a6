import { randomUUID } from 'node:crypto';
import jsonPatch, { type Operation } from 'fast-json-patch';
import type { Resource } from '@medplum/fhirtypes';
import { asVitalSign, ORGANISATIONS } from '@geria/domain';
import { recordAudits, type AuditEntry } from '../audit/service.ts';
import { assertCanCreate, assertCanWrite, assertCanWriteShared, auditActor, isVisible, type FhirActor } from './access.ts';
import { conflict, FhirError, gone, invalid, notFound, preconditionFailed, translatedError, unprocessable } from './outcome.ts';
import { parseReference, isUuid, isValidId } from './references.ts';
import { extractIndex, isStoredType, TYPES, type StoredType } from './resource-types.ts';
import {
  idNamesAnotherRecord, insertCreated, isUniqueViolation, lockKey, lockKeys, nowIso, patientOrganisations, readCurrent, replaceCurrent,
  type CurrentRow, type Executor, type PatientOrganisation, type StoredVersion,
} from './repository.ts';
import { refuseMalformedContent } from './content-rules.ts';
import { isReadOnlyType, readOnly } from './study-resources.ts';
import { validateFhirResource } from './validate.ts';
import { runFhirWriteHooks, type FhirWrite } from './write-hooks.ts';

export type Interaction = 'create' | 'update' | 'patch' | 'delete';

export interface WriteResult {
  type: StoredType;
  id: string;
  versionId: number;
  lastUpdated: string;
  /** The stored resource; absent after a delete. */
  resource?: Resource;
  /** An update that created the resource (201). */
  created: boolean;
}

const ORGANISATION_IDS = new Set(ORGANISATIONS.map((o) => o.orgid));
const MAX_RETRIES = 3;

/**
 * The writes of one database transaction by one actor: each resource is validated, given its
 * organisation (from its Patient, resolved at write time) and checked against the actor's role and
 * organisation; every write adds a version and an audit record. New resources are inserted together
 * by `flush()`, so a transaction of a hundred Observations costs a handful of statements.
 */
export class WriteSession {
  private readonly pending: StoredVersion[] = [];
  private readonly audits: AuditEntry[] = [];
  private readonly written: FhirWrite[] = [];
  /** Patients created in this session, whose rows are not inserted yet. */
  private readonly newPatients = new Map<string, number | null>();
  /** Lock keys this session holds until its transaction ends. */
  private readonly locked = new Set<string>();
  readonly lastUpdated = nowIso();

  /**
   * `patientCache`: the stored Patients this transaction knows (FhirClient.read fills it), shared with
   * the transaction's other sessions; a session keeps it true to its own Patient updates and deletes.
   */
  constructor(private readonly db: Executor, private readonly actor: FhirActor, private readonly patientCache = new Map<string, PatientOrganisation>()) {}

  /** Loads the organisations of many Patients at once (a transaction's entries). */
  async prefetchPatients(resources: readonly Resource[]): Promise<void> {
    const ids = resources.flatMap((r) => {
      const ref = this.patientReference(r);
      return ref && !this.patientCache.has(ref) ? [ref] : [];
    });
    for (const [id, row] of await patientOrganisations(this.db, ids)) this.patientCache.set(id, row);
  }

  /** Takes the transaction-scoped locks of `keys` not held yet (repository.ts lockKeys). */
  async lock(keys: readonly string[]): Promise<void> {
    const missing = [...new Set(keys)].filter((key) => !this.locked.has(key));
    await lockKeys(this.db, missing);
    for (const key of missing) this.locked.add(key);
  }

  async create(body: unknown, id: string = randomUUID()): Promise<WriteResult> {
    // Refused roles learn nothing from validation: the claimed type decides before, the validated one after.
    const claimed = (body as { resourceType?: unknown } | null)?.resourceType;
    if (typeof claimed === 'string' && isReadOnlyType(claimed)) throw readOnly(claimed);
    assertCanCreate(this.actor, typeof claimed === 'string' ? claimed : '');
    const input = jsonCopy(body);
    validateFhirResource(input);
    const type = input.resourceType as StoredType;
    assertCanCreate(this.actor, type);
    const version = await this.version(type, id, 1, input);
    this.pending.push(version);
    if (type === 'Patient') this.newPatients.set(id, version.organisationId);
    this.audit('create', version, null);
    return result(version, true);
  }

  async update(type: StoredType, id: string, body: unknown, ifMatch?: number): Promise<WriteResult> {
    assertCanWrite(this.actor, type);
    const input = jsonCopy(body);
    validateFhirResource(input);
    if (input.resourceType !== type) throw invalid(`The body is a ${input.resourceType}, the URL a ${type}`, 'resourceType');
    if (input.id !== undefined && input.id !== id) throw invalid(`The body's id ${JSON.stringify(input.id)} differs from the URL's "${id}"`, `${type}.id`);
    if (!isValidId(id)) throw invalid(`"${id}" is not a valid id`, `${type}.id`);
    return this.replace(type, id, ifMatch, 'update', async () => input);
  }

  async patch(type: StoredType, id: string, operations: unknown, ifMatch?: number): Promise<WriteResult> {
    assertCanWrite(this.actor, type);
    if (!Array.isArray(operations)) throw invalid('A JSON Patch is an array of operations');
    return this.replace(type, id, ifMatch, 'patch', async (current) => {
      if (!current.content) throw gone(`${type}/${id} is deleted`);
      const patched = applyPatch(current.content, operations as Operation[]);
      if (patched.resourceType !== type || patched.id !== id) throw invalid('A patch may not change resourceType or id');
      validateFhirResource(patched);
      return patched;
    });
  }

  async delete(type: StoredType, id: string, ifMatch?: number): Promise<WriteResult | undefined> {
    assertCanWrite(this.actor, type);
    for (let attempt = 0; ; attempt++) {
      const current = await this.visibleCurrent(type, id);
      if (!current) throw notFound(`${type}/${id} not found`);
      if (ifMatch !== undefined && ifMatch !== current.version_id) throw preconditionFailed(`${type}/${id} is at version ${current.version_id}, not ${ifMatch}`);
      if (current.deleted) return undefined;
      if (current.organisation_id === null) assertCanWriteShared(this.actor, type);
      await this.refuseStudyRecordDelete(type, id, current.content);
      const version: StoredVersion = {
        type, id, versionId: current.version_id + 1, lastUpdated: this.lastUpdated, deleted: true, organisationId: current.organisation_id, content: null, index: null,
      };
      if (await replaceCurrent(this.db, version, current.version_id, 'DELETE')) {
        if (type === 'Patient') this.patientCache.set(id, { organisationId: version.organisationId, deleted: true });
        this.audit('delete', version, current.content);
        return result(version, false);
      }
      if (ifMatch !== undefined) throw preconditionFailed(`${type}/${id} was changed by another request: it is no longer version ${ifMatch}`);
      if (attempt + 1 >= MAX_RETRIES) throw conflict(`${type}/${id} was changed by another request at the same time; try again`);
    }
  }

  /**
   * A participant's Patient and ResearchSubject go only with the participant (or a GDPR erasure):
   * deleted alone, they would leave a study record without its clinical identity.
   */
  private async refuseStudyRecordDelete(type: StoredType, id: string, content: Resource | null) {
    const patientId = type === 'Patient' ? id
      : type === 'ResearchSubject' ? parseReference((content as { individual?: { reference?: string } } | null)?.individual?.reference)?.id
        : undefined;
    // Participant ids are uuids; any other Patient id has no study record.
    if (!patientId || !isUuid(patientId)) return;
    const record = await this.db.selectFrom('participant').select('id').where('id', '=', patientId).executeTakeFirst();
    if (record) throw conflict(`${type}/${id} belongs to the study record of participant ${patientId}: delete the participant instead`);
  }

  /** Inserts the resources created so far, the audit records of every write, and runs the write hooks on them. */
  async flush(): Promise<void> {
    if (this.pending.length) {
      try {
        await insertCreated(this.db, this.pending.splice(0));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('A resource with this id was created by another request at the same time');
        throw error;
      }
    }
    await recordAudits(this.db, this.audits.splice(0));
    await runFhirWriteHooks(this.db, this.actor, this.written.splice(0));
  }

  private async replace(type: StoredType, id: string, ifMatch: number | undefined, interaction: 'update' | 'patch',
    next: (current: CurrentRow) => Promise<Resource>): Promise<WriteResult> {
    for (let attempt = 0; ; attempt++) {
      const current = await this.visibleCurrent(type, id);
      if (!current) {
        if (interaction === 'patch') throw notFound(`${type}/${id} not found`);
        if (ifMatch !== undefined) throw preconditionFailed(`${type}/${id} does not exist, so it is not version ${ifMatch}`);
        // Update as create, with the client's id.
        await this.refuseTakenId(type, id);
        return this.create(await next({ version_id: 0, organisation_id: null, patient_id: null, deleted: true, content: null }), id);
      }
      if (ifMatch !== undefined && ifMatch !== current.version_id) {
        throw preconditionFailed(`${type}/${id} is at version ${current.version_id}, not ${ifMatch}`);
      }
      if (current.organisation_id === null) assertCanWriteShared(this.actor, type);
      const version = await this.version(type, id, current.version_id + 1, await next(current));
      if (await replaceCurrent(this.db, version, current.version_id, interaction === 'patch' ? 'PATCH' : 'PUT')) {
        if (type === 'Patient') this.patientCache.set(id, { organisationId: version.organisationId, deleted: false });
        this.audit(interaction, version, current.content);
        return result(version, false);
      }
      // Another request wrote a version since we read it.
      if (ifMatch !== undefined) throw preconditionFailed(`${type}/${id} was changed by another request: it is no longer version ${ifMatch}`);
      if (attempt + 1 >= MAX_RETRIES) throw conflict(`${type}/${id} was changed by another request at the same time; try again`);
    }
  }

  /**
   * A client's id for a new resource must not name anything else of the study: the app and the
   * audit trail name records by id, and an Observation given another organisation's participant id
   * or an account's id would pass for them. The id's lock, held until commit, keeps a simultaneous
   * create of another type from taking it between this check and the insert.
   */
  private async refuseTakenId(type: StoredType, id: string) {
    await this.lock([lockKey.id(id)]);
    if (this.pending.some((v) => v.id === id) || await idNamesAnotherRecord(this.db, type, id)) {
      throw translatedError(409, 'conflict', 'errors.idTaken', { id }, `${type}.id`);
    }
  }

  /** The current row, if any; another organisation's resource does not exist for the actor (404). */
  private async visibleCurrent(type: StoredType, id: string): Promise<CurrentRow | undefined> {
    if (this.pending.some((v) => v.type === type && v.id === id)) throw invalid(`${type}/${id} is written twice in one request`);
    const current = await readCurrent(this.db, type, id);
    if (current && !isVisible(this.actor, current.organisation_id)) throw notFound(`${type}/${id} not found`);
    return current;
  }

  private async version(type: StoredType, id: string, versionId: number, input: Resource): Promise<StoredVersion> {
    // Every stored vital sign declares its R4 profile, whoever wrote it (domain rules/vital-signs.ts).
    const { meta, ...rest } = asVitalSign(input as Resource & { meta?: Record<string, unknown> });
    const { versionId: _v, lastUpdated: _l, ...keptMeta } = meta ?? {};
    const content = { ...rest, id, meta: { ...keptMeta, versionId: String(versionId), lastUpdated: this.lastUpdated } } as Resource;
    refuseMalformedContent(content);
    const organisationId = await this.organisationOf(type, content);
    if (organisationId === null) assertCanWriteShared(this.actor, type);
    return { type, id, versionId, lastUpdated: this.lastUpdated, deleted: false, organisationId, content, index: extractIndex(type, content) };
  }

  private patientReference(resource: Resource): string | undefined {
    if (!isStoredType(resource.resourceType)) return undefined;
    const element = TYPES[resource.resourceType].patientElement;
    const ref = element ? parseReference((resource as Record<string, any>)[element]?.reference) : undefined;
    return ref?.type === 'Patient' ? ref.id : undefined;
  }

  /**
   * A Patient belongs to its managingOrganization (the caller's organisation when absent); a
   * resource about a Patient belongs to that Patient's organisation; others are shared (null).
   */
  private async organisationOf(type: StoredType, resource: Resource): Promise<number | null> {
    if (resource.resourceType === 'Patient') return this.patientOrganisation(resource as Resource & { managingOrganization?: { reference?: string } });
    const element = TYPES[type].patientElement;
    const expression = `${type}.${element ?? 'subject'}`;
    const patientId = this.patientReference(resource);
    if (!patientId) {
      if (TYPES[type].patientRequired) throw unprocessable(`${type} must reference the Patient it is about`, expression);
      if (element && (resource as Record<string, any>)[element] !== undefined) throw unprocessable(`${expression} must reference a Patient`, expression);
      return null;
    }
    const organisationId = this.newPatients.has(patientId) ? this.newPatients.get(patientId)! : await this.storedPatientOrganisation(patientId);
    if (organisationId === undefined || !isVisible(this.actor, organisationId)) throw unprocessable(`Patient/${patientId} not found`, expression);
    return organisationId;
  }

  private async storedPatientOrganisation(id: string): Promise<number | null | undefined> {
    if (!this.patientCache.has(id)) {
      const row = (await patientOrganisations(this.db, [id])).get(id);
      if (row) this.patientCache.set(id, row);
    }
    const row = this.patientCache.get(id);
    return row && !row.deleted ? row.organisationId : undefined;
  }

  private patientOrganisation(patient: Resource & { managingOrganization?: { reference?: string } }): number {
    const expression = 'Patient.managingOrganization';
    const own = this.actor.kind === 'user' ? this.actor.user.organisationId : null;
    if (!patient.managingOrganization?.reference) {
      if (own === null) throw unprocessable('A Patient needs managingOrganization (Organization/<orgid>)', expression);
      patient.managingOrganization = { ...patient.managingOrganization, reference: `Organization/${own}` };
      return own;
    }
    const ref = parseReference(patient.managingOrganization.reference);
    const orgid = ref?.type === 'Organization' && /^\d+$/.test(ref.id) ? Number(ref.id) : NaN;
    if (!ORGANISATION_IDS.has(orgid)) throw unprocessable(`${patient.managingOrganization.reference} is not a study organisation`, expression);
    if (this.actor.kind === 'user' && orgid !== own) throw unprocessable('A Patient can only be managed by your own organisation', expression);
    return orgid;
  }

  /** Who wrote what, with the resource before and after (null where it did not exist). */
  private audit(interaction: Interaction, version: StoredVersion, before: Resource | null) {
    this.written.push({ interaction, type: version.type as StoredType, id: version.id, organisationId: version.organisationId, resource: version.content, before });
    this.audits.push({
      ...auditActor(this.actor),
      action: `fhir.${interaction}`,
      entityType: version.type,
      entityId: version.id,
      before,
      after: version.content,
      details: { interaction, versionId: String(version.versionId), lastUpdated: version.lastUpdated },
      // The Patient the resource is about (after the write; before it for a deletion), as erasure finds resources.
      participantId: (version.index ?? (before && extractIndex(version.type as StoredType, before)))?.patientId ?? null,
    });
  }
}

/** What JSON would carry: the caller's object is never changed, and undefined members disappear. */
const jsonCopy = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

const result = (v: StoredVersion, created: boolean): WriteResult => ({
  type: v.type as StoredType, id: v.id, versionId: v.versionId, lastUpdated: v.lastUpdated, created, ...(v.content && { resource: v.content }),
});

function applyPatch(document: Resource, operations: Operation[]): Resource {
  try {
    return jsonPatch.applyPatch(structuredClone(document), operations, true, false).newDocument;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    // A failed `test` operation is a precondition, not a malformed patch.
    if ((error as { name?: string }).name === 'TEST_OPERATION_FAILED') throw new FhirError(422, [{ code: 'processing', text: `Patch test failed: ${message}` }]);
    throw invalid(`Invalid JSON Patch: ${message}`);
  }
}
