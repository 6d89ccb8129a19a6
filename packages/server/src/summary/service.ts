import { ageBand, INSTRUMENTS, isActiveAdverseEvent, latestScores } from '@geria/domain';
import { CLINICAL_KEYS } from '@geria/domain/rules/assessment-clinical-fields.ts';
import type { Db } from '../db/connection.ts';
import { listAdverseEvents } from '../adverse-events/service.ts';
import { readClinicalFields } from '../assessments/clinical-fields.ts';
import { readPatientScope } from '../assessments/patient-scope.ts';
import { deviceTransmissions } from '../measurements/service.ts';
import { listMedications } from '../medications/service.ts';
import type { Caller } from '../participants/access.ts';

/** Days of device data the summary's usage counts look back over. */
export const DEVICE_USAGE_DAYS = 30;

const INSTRUMENT_ORDER = INSTRUMENTS.map((def) => def.id);

/**
 * The printable summary of one participant (issue 37 §3), assembled from the services the record's
 * sections use, so each part keeps its own organisation check. The identity block is pseudonymous:
 * study id, age band and pilot, never the name or contact details. A printout leaves the system
 * and is filed or handed over, where a study id is all a reader of the study needs, and the
 * screen's record (with the name) stays one click away for the staff who printed it.
 */
export async function participantSummary(db: Db, caller: Caller, id: string, now = new Date()) {
  const facts = await readPatientScope(db, caller, id, now);
  const baseline = facts.assessments.find((a) => a.number === 1) ?? null;
  const [clinical, medications, adverseEvents, devices] = await Promise.all([
    latestClinicalFields(db, caller, id, facts.assessments),
    listMedications(db, caller, id),
    listAdverseEvents(db, caller, id),
    deviceTransmissions(db, caller, id, DEVICE_USAGE_DAYS, now),
  ]);
  const { record } = facts;
  return {
    generatedAt: now.toISOString(),
    identity: { id: record.id, studyId: record.projectIdentifier, ageBand: ageBand(facts.age), pilot: record.pilot, organisation: record.organisation },
    recruitment: {
      status: facts.status,
      code: record.recruitment,
      registeredOn: record.createdAt.slice(0, 10),
      consentDate: record.participantConcentData.consentDate,
      withdrawalDate: record.participantConcentData.withdrawalDate,
      dropOff: record.dropOff,
      lastDecisionOn: facts.lastDecision?.decidedAt.slice(0, 10) ?? null,
    },
    assessments: facts.assessments.map((a) => ({ number: a.number, start: a.start })),
    scores: latestScores(facts.responses, baseline?.id ?? null, INSTRUMENT_ORDER),
    clinical,
    medications: { items: medications.items.filter((m) => m.status === 'active'), polypharmacy: medications.polypharmacy, psychoactive: medications.psychoactive },
    adverseEvents: adverseEvents.filter(isActiveAdverseEvent),
    devices: {
      days: DEVICE_USAGE_DAYS,
      lastUse: record.lastDeviceUse,
      items: devices.devices.map(({ days, ...device }) => ({ ...device, daysWithData: days.filter((d) => d.observations > 0).length })),
    },
  };
}

export type ParticipantSummary = Awaited<ReturnType<typeof participantSummary>>;

/** The clinical fields of the newest assessment that recorded any (with its number), or none. */
async function latestClinicalFields(db: Db, caller: Caller, id: string, assessments: readonly { id: string; number: number }[]) {
  for (const assessment of [...assessments].reverse()) {
    const { values } = await readClinicalFields(db, caller, id, assessment.id);
    const recorded = CLINICAL_KEYS.filter((key) => values[key] !== null).map((key) => ({ key, value: values[key] }));
    if (recorded.length) return { assessment: assessment.number, values: recorded };
  }
  return null;
}
