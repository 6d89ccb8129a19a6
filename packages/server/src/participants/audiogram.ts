import { AUDIOGRAM_CODE, audiogramFromObservation, audiogramItem, type Audiogram } from '@geria/domain/rules/participants-audiogram.ts';
import type { FhirObservation } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { notFound } from '../http/errors.ts';
import { ownParticipantId, type Caller } from './access.ts';
import { fhirIn, viaFhir } from './fhir-link.ts';
import { observationsOf, saveObservationItems } from './observations.ts';
import { touchParticipant } from './service.ts';

const toApi = (o: FhirObservation) => ({ id: o.id!, ...audiogramFromObservation(o) });

/** The participant's audiograms, newest first. */
export async function listAudiograms(db: Db, caller: Caller, participantId: string) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  return db.kysely.transaction().execute((tx) => viaFhir(async () =>
    (await observationsOf(fhirIn(tx, caller), participantId, AUDIOGRAM_CODE)).map(toApi)));
}

/** Creates (no id), replaces or deletes (audiogram null) an audiogram through the write-operation rule. */
export async function saveAudiogram(db: Db, caller: Caller, participantId: string, audiogramId: string | null, audiogram: Audiogram | null) {
  return db.kysely.transaction().execute(async (tx) => {
    await ownParticipantId(tx, caller.organisation, participantId, true);
    const saved = await viaFhir(async () => {
      const fhir = fhirIn(tx, caller);
      const stored = audiogramId ? (await observationsOf(fhir, participantId, AUDIOGRAM_CODE)).find((o) => o.id === audiogramId) : undefined;
      if (audiogramId && !stored) throw notFound();
      const item = audiogram
        ? audiogramItem(participantId, audiogram, stored && { id: stored.id! })
        : { ...audiogramItem(participantId, audiogramFromObservation(stored!), { id: stored!.id! }), components: [] };
      const [written] = await saveObservationItems(fhir, [item], stored ? [stored] : []);
      return written ? toApi(written as unknown as FhirObservation) : null;
    });
    await touchParticipant(tx, participantId);
    return saved;
  });
}
