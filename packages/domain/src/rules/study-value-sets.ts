import { LANGUAGES, translate, type Language } from '../i18n/index.ts';
import { VALUE_SETS, type ValueSetName } from './observation-value-sets.ts';
import { RECRUITMENT_STATUSES, recruitmentStatusLabelKey } from './recruitment-status.ts';

/**
 * The study's option lists (SPEC §3) as FHIR R4 ValueSets, read-only at /fhir/ValueSet: the
 * answers of the coded observations (observation-value-sets.ts) and the recruitment statuses, each
 * option with its label in the seven languages as designations, from the same catalogue the screens
 * use. They change with the code, never through the API, so a client always reads what Geria writes.
 */
export const STUDY_VALUE_SET_BASE = 'https://geria.example.org/fhir/ValueSet';
const LOCAL_SYSTEM = 'https://geria.example.org/fhir/CodeSystem';
/** The version of the lists published: that of the study's code in which they last changed. */
const PUBLISHED = '2026-11-01T00:00:00.000Z';

interface StudyOption { system: string; code: string; labelKey: string }
interface StudyList { id: string; name: string; description: string; options: StudyOption[] }

const observationList = (id: ValueSetName, description: string): StudyList => ({
  id, name: id.charAt(0).toUpperCase() + id.slice(1), description,
  options: VALUE_SETS[id].map((o) => ({ system: o.coding.system, code: o.coding.code, labelKey: o.labelKey })),
});

const STUDY_LISTS: readonly StudyList[] = [
  observationList('gender', 'Gender identity of a participant (demographics).'),
  observationList('educationLevel', 'Highest level of education, in ISCED 2011 groups (demographics).'),
  observationList('livingSituation', 'Area a participant lives in (demographics).'),
  observationList('accommodationType', 'Type of accommodation (demographics).'),
  observationList('livesWith', 'Whom a participant lives with (demographics).'),
  observationList('smokerStatus', 'Tobacco smoking status (SNOMED CT).'),
  observationList('armUsed', 'Arm a blood pressure was measured on (SNOMED CT body sites).'),
  observationList('hearingAidUse', 'How much of the time a hearing aid is used (GHABP).'),
  observationList('ecgRhythm', 'Heart rhythm read on an ECG.'),
  {
    id: 'recruitmentStatus', name: 'RecruitmentStatus', description: 'Recruitment status of a participant in the study.',
    options: RECRUITMENT_STATUSES.map((status) => ({ system: `${LOCAL_SYSTEM}/recruitmentStatus`, code: status, labelKey: recruitmentStatusLabelKey(status) })),
  },
];

export interface StudyValueSetConcept {
  code: string;
  display: string;
  designation: { language: Language; value: string }[];
}

/** A study list as an R4 ValueSet: compose by code system, and the expansion a client would ask $expand for. */
export interface StudyValueSet {
  resourceType: 'ValueSet';
  id: string;
  meta: { versionId: string; lastUpdated: string };
  url: string;
  name: string;
  title: string;
  status: 'active';
  experimental: false;
  immutable: true;
  publisher: string;
  description: string;
  compose: { include: { system: string; concept: StudyValueSetConcept[] }[] };
  expansion: { timestamp: string; total: number; contains: (StudyValueSetConcept & { system: string })[] };
}

function concept(option: StudyOption): StudyValueSetConcept {
  return {
    code: option.code,
    display: translate('en', option.labelKey),
    designation: LANGUAGES.map((language) => ({ language, value: translate(language, option.labelKey) })),
  };
}

function toValueSet(list: StudyList): StudyValueSet {
  const systems = [...new Set(list.options.map((o) => o.system))];
  return {
    resourceType: 'ValueSet',
    id: list.id,
    meta: { versionId: '1', lastUpdated: PUBLISHED },
    url: `${STUDY_VALUE_SET_BASE}/${list.id}`,
    name: list.name,
    title: list.name.replace(/([a-z])([A-Z])/g, '$1 $2'),
    status: 'active',
    experimental: false,
    immutable: true,
    publisher: 'Geria',
    description: list.description,
    compose: { include: systems.map((system) => ({ system, concept: list.options.filter((o) => o.system === system).map(concept) })) },
    expansion: { timestamp: PUBLISHED, total: list.options.length, contains: list.options.map((o) => ({ system: o.system, ...concept(o) })) },
  };
}

/** Every study ValueSet, in a fixed order. */
export const STUDY_VALUE_SETS: readonly StudyValueSet[] = STUDY_LISTS.map(toValueSet);

export const studyValueSet = (id: string): StudyValueSet | undefined => STUDY_VALUE_SETS.find((v) => v.id === id);
