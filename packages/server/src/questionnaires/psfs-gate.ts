import type { Bundle, Resource } from '@medplum/fhirtypes';
import { canSubmitPsfs, questionnaireUrl } from '@geria/domain';
import { assessmentNumberOf } from '@geria/domain/rules/assessment-encounter.ts';
import type { FhirClient } from '../fhir/service.ts';
import { ruleViolation } from '../http/errors.ts';

const resources = (bundle: Bundle) => (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));

/**
 * SPEC §4: the PSFS activities are nominated in the first assessment, so a PSFS saved in a later
 * assessment is refused (422) until the first assessment has one. A response outside an assessment
 * (a preview or research entry without an encounter) is not an assessment step and is not gated.
 */
export async function requirePsfsAllowed(fhir: FhirClient, patientId: string, encounterId: string | undefined): Promise<void> {
  if (!encounterId) return;
  const encounters = resources(await fhir.search('Encounter', { subject: `Patient/${patientId}`, _count: '1000' }))
    .map((e) => ({ id: e.id, number: assessmentNumberOf(e as Parameters<typeof assessmentNumberOf>[0]) }));
  const current = encounters.find((e) => e.id === encounterId)?.number;
  const first = encounters.find((e) => e.number === 1);
  if (current === undefined || current === null) return;
  const inFirst = first
    ? resources(await fhir.search('QuestionnaireResponse', { subject: `Patient/${patientId}`, encounter: `Encounter/${first.id}`, _count: '1000' }))
      .some((r: Resource & { questionnaire?: string }) => r.questionnaire?.split('|')[0] === questionnaireUrl('psfs'))
    : false;
  const check = canSubmitPsfs({ currentAssessmentNumber: current, psfsInFirstAssessment: inFirst });
  if (!check.ok) throw ruleViolation(check.code, check.params);
}
