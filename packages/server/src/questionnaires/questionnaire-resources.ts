import { isDeepStrictEqual } from 'node:util';
import type { Resource } from '@medplum/fhirtypes';
import { questionnaireCanonical, toFhirQuestionnaire, type InstrumentDef } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { FhirError, fhirService, type FhirClient } from '../fhir/service.ts';

const PUBLISHER = { kind: 'system', name: 'geria-instruments' } as const;

/** Canonicals already published, per database (tests open many in one process). */
const published = new WeakMap<Db, Set<string>>();

const withoutMeta = ({ meta: _meta, ...rest }: Resource) => rest;

async function current(fhir: FhirClient, id: string): Promise<Resource | undefined> {
  try {
    return withoutMeta(await fhir.read('Questionnaire', id));
  } catch (error) {
    if (error instanceof FhirError && (error.status === 404 || error.status === 410)) return undefined;
    throw error;
  }
}

/**
 * Makes sure the instrument's FHIR Questionnaire is stored as the shared resource
 * `Questionnaire/<id>`, so the canonical `url|version` a response records resolves in the store.
 * It is published at the instrument's first use (validating all 26 at every start would cost
 * seconds), as the system, since shared definitions are not any organisation's. An unchanged
 * definition is left alone; a changed one becomes a new version of the resource.
 */
export async function ensureQuestionnaire(db: Db, def: InstrumentDef): Promise<void> {
  const done = published.get(db) ?? new Set<string>();
  published.set(db, done);
  const canonical = questionnaireCanonical(def);
  if (done.has(canonical)) return;
  const fhir = fhirService(db).withContext(PUBLISHER);
  // A JSON copy: undefined members disappear, as they do in storage.
  const wanted = JSON.parse(JSON.stringify(toFhirQuestionnaire(def))) as Resource;
  if (!isDeepStrictEqual(await current(fhir, def.id), wanted)) {
    try {
      await fhir.update('Questionnaire', def.id, wanted);
    } catch (error) {
      // Another request published it at the same moment.
      if (!(error instanceof FhirError && error.status === 409)) throw error;
    }
  }
  done.add(canonical);
}
