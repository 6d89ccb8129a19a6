import { codedObservationItem, OBSERVATION_CODES, type FhirObservation } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { notFound, ruleViolation } from '../http/errors.ts';
import { ownParticipantId, type Caller } from '../participants/access.ts';
import { fhirIn, viaFhir } from '../participants/fhir-link.ts';
import { observationsOf, saveObservationItems } from '../participants/observations.ts';
import { touchParticipant } from '../participants/service.ts';

/** Diet supplements (SPEC §3: a name): one Observation each, written with the write-operation rule. */
const CODE = OBSERVATION_CODES.dietSupplement.coding;
const toApi = (o: FhirObservation) => ({ id: o.id!, name: o.valueString ?? '', date: o.effectiveDateTime ?? null });

export async function listSupplements(db: Db, caller: Caller, participantId: string) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  return db.kysely.transaction().execute((tx) => viaFhir(async () =>
    (await observationsOf(fhirIn(tx, caller), participantId, CODE, 200)).map(toApi)));
}

/**
 * Adds (no id), renames or removes (name null) a supplement: the item's write operation (POST, PUT,
 * DELETE) follows from whether it is stored and whether it has a value.
 */
export async function saveSupplement(db: Db, caller: Caller, participantId: string, supplementId: string | null, name: string | null) {
  return db.kysely.transaction().execute(async (tx) => {
    await ownParticipantId(tx, caller.organisation, participantId, true);
    const saved = await viaFhir(async () => {
      const fhir = fhirIn(tx, caller);
      const stored = await observationsOf(fhir, participantId, CODE, 200);
      const previous = supplementId ? stored.find((o) => o.id === supplementId) : undefined;
      if (supplementId && !previous) throw notFound();
      const item = codedObservationItem('dietSupplement', name, {
        patient: participantId, alreadyPresent: Boolean(previous), id: previous?.id ?? null,
        effectiveDateTime: previous?.effectiveDateTime ?? new Date().toISOString(),
      });
      if (!item.ok) throw ruleViolation(item.errors[0]!.code, item.errors[0]!.params ?? {});
      const [written] = await saveObservationItems(fhir, [item.item], previous ? [previous] : []);
      return written ? toApi(written as unknown as FhirObservation) : null;
    });
    await touchParticipant(tx, participantId);
    return saved;
  });
}
