/**
 * An assessment is a FHIR R4 Encounter of the participant: `type` carries its number (1 for the
 * first assessment), `period.start` its date, `participant` the clinician who opened it.
 */
export const ASSESSMENT_NUMBER_SYSTEM = 'https://geria.example.org/fhir/CodeSystem/assessment-number';
export const STUDY_USER_SYSTEM = 'https://geria.example.org/fhir/sid/username';
const AUTHOR_TYPE = { system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType', code: 'AUT', display: 'author' };
const AMBULATORY = { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' };

export interface AssessmentEncounter {
  resourceType: 'Encounter';
  id?: string;
  status: 'in-progress' | 'finished';
  class: typeof AMBULATORY;
  type: { coding: { system: string; code: string; display: string }[]; text: string }[];
  subject: { reference: string };
  period: { start: string; end?: string };
  participant: { type: { coding: (typeof AUTHOR_TYPE)[] }[]; individual: { identifier: { system: string; value: string }; display: string } }[];
}

export interface AssessmentAuthor { username: string; name: string }

export function assessmentEncounter(input: { patient: string; number: number; start: string; author: AssessmentAuthor }): AssessmentEncounter {
  const display = `Assessment ${input.number}`;
  return {
    resourceType: 'Encounter',
    status: 'in-progress',
    class: AMBULATORY,
    type: [{ coding: [{ system: ASSESSMENT_NUMBER_SYSTEM, code: String(input.number), display }], text: display }],
    subject: { reference: `Patient/${input.patient}` },
    period: { start: input.start },
    participant: [{
      type: [{ coding: [AUTHOR_TYPE] }],
      individual: { identifier: { system: STUDY_USER_SYSTEM, value: input.author.username }, display: input.author.name },
    }],
  };
}

type EncounterLike = {
  type?: { coding?: { system?: string; code?: string }[] }[];
  participant?: { individual?: { display?: string; identifier?: { value?: string } } }[];
};

/** The assessment number of an Encounter, or null when it is not an assessment. */
export function assessmentNumberOf(encounter: EncounterLike): number | null {
  const code = encounter.type?.flatMap((type) => type.coding ?? []).find((coding) => coding.system === ASSESSMENT_NUMBER_SYSTEM)?.code;
  return code && /^\d+$/.test(code) ? Number(code) : null;
}

export function assessmentAuthorOf(encounter: EncounterLike): AssessmentAuthor | null {
  const individual = encounter.participant?.[0]?.individual;
  const username = individual?.identifier?.value;
  return username ? { username, name: individual?.display ?? username } : null;
}
