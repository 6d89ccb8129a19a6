import { translate, type Language } from '../i18n/index.ts';
import { getInstrument } from '../instruments/registry.ts';
import { indexLabel, subscaleLabel } from '../instruments/score-labels.ts';
import type { InstrumentDef, ItemDef, SubscaleDef } from '../instruments/types.ts';
import { MEASUREMENTS } from '../reference/measurements.ts';
import { PILOTS } from '../reference/pilots.ts';
import { CLINICAL_FIELD_GROUPS, type ClinicalFieldGroup, type ClinicalKey } from '../rules/assessment-clinical-fields.ts';
import { OBSERVATION_CODES, observationLabelKey, VALUE_SETS, type ObservationCodeDef } from '../rules/observation-codes.ts';
import { PROFILING_CONDITIONS } from '../rules/profiling-conditions.ts';
import { RECRUITMENT_STATUSES } from '../rules/recruitment-status.ts';
import type { DatasetParams } from './params.ts';

/**
 * The variable catalogue of a dataset (its codebook): every column a statistician receives, with
 * its label in the chosen language, type, unit, allowed values and where it comes from. A variable
 * is recorded once per participant (`participant`) or once per assessment (`encounter`).
 */
export type VariableType = 'string' | 'integer' | 'decimal' | 'boolean' | 'date';
export interface AllowedValue { code: string; label: string }
export interface Variable {
  name: string;
  /** Once per participant, per assessment, or a column of the device daily table. */
  level: 'participant' | 'encounter' | 'device';
  label: string;
  type: VariableType;
  unit: string | null;
  values: AllowedValue[];
  /** What fills it: `study`, `clinical:<section>` or `instrument`. */
  source: string;
  instrument: string | null;
  item: string | null;
  scoringRule: string | null;
}

/** Section of each derived value: BMI and waist-hip ratio with the measures they come from, eGFR with the labs. */
const DERIVED_SECTION: Record<string, ClinicalFieldGroup> = { bmi: 'anthropometry', waistHipRatio: 'anthropometry', egfrCkdEpi2009: 'labs', egfrCkdEpi2021: 'labs' };

/** `bodyWeight` → `body_weight`, `phq9-1` → `phq9_1`: lower case letters, digits and single underscores. */
export function variableName(...parts: string[]): string {
  const key = parts.join('_');
  let name = NAMES.get(key);
  if (name === undefined) {
    name = key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
    NAMES.set(key, name);
  }
  return name;
}
/** Names already made: an export names the same few hundred variables for every participant. */
const NAMES = new Map<string, string>();

/** The wide layout's column of an assessment variable: the name with the assessment number (`phq9_total_e2`). */
export const wideName = (name: string, encounter: number): string => `${name}_e${encounter}`;

const T = (lang: Language, key: string, params?: Record<string, unknown>) => translate(lang, `exports.variables.${key}`, params);

const variable = (v: Partial<Variable> & Pick<Variable, 'name' | 'level' | 'label' | 'type'>): Variable =>
  ({ unit: null, values: [], source: 'study', instrument: null, item: null, scoringRule: null, ...v });

function studyVariables(params: DatasetParams): Variable[] {
  const lang = params.language;
  const p = (name: string, key: string, type: VariableType, values: AllowedValue[] = []) => variable({ name, level: 'participant', label: T(lang, key), type, values });
  return [
    p('study_id', 'studyId', 'string'),
    p('pilot', 'pilot', 'integer', PILOTS.map((pilot) => ({ code: String(pilot.pilotid), label: pilot.name }))),
    p('organisation', 'organisation', 'string'),
    p('gender', 'gender', 'string', ['male', 'female', 'other', 'unknown'].map((code) => ({ code, label: translate(lang, `exports.gender.${code}`) }))),
    params.birth === 'year' ? p('birth_year', 'birthYear', 'integer') : p('age_band', 'ageBand', 'string'),
    p('recruitment_status', 'recruitmentStatus', 'string', RECRUITMENT_STATUSES.map((code) => ({ code, label: translate(lang, `rules.recruitment.status.${code}`) }))),
    p('enrolled_on', 'enrolledOn', 'date'),
    p('consent_date', 'consentDate', 'date'),
    p('consent_withdrawal_date', 'consentWithdrawalDate', 'date'),
    p('drop_off_date', 'dropOffDate', 'date'),
    ...PROFILING_CONDITIONS.map((condition) => variable({
      name: variableName('profiling', condition), level: 'participant', type: 'boolean', source: 'study',
      label: T(lang, 'profiling', { condition: translate(lang, `exports.profiling.${condition}`) }),
    })),
    variable({ name: 'assessment_date', level: 'encounter', label: T(lang, 'assessmentDate'), type: 'date' }),
  ];
}

function clinicalVariables(key: ClinicalKey, section: ClinicalFieldGroup, lang: Language): Variable[] {
  const def = OBSERVATION_CODES[key] as ObservationCodeDef;
  const label = translate(lang, observationLabelKey(key));
  const base = { level: 'encounter' as const, source: `clinical:${section}` };
  switch (def.kind) {
    case 'bloodPressure': return (['systolic', 'diastolic'] as const).map((part) => variable({
      ...base, name: variableName(key, part), label: T(lang, part, { field: label }), type: 'integer', unit: 'mm[Hg]',
    }));
    case 'quantity': return [variable({ ...base, name: variableName(key), label, type: 'decimal', unit: def.unit.code })];
    case 'integer': return [variable({ ...base, name: variableName(key), label, type: 'integer' })];
    case 'boolean': return [variable({ ...base, name: variableName(key), label, type: 'boolean' })];
    case 'codeableConcept': return [variable({
      ...base, name: variableName(key), label, type: 'string',
      values: VALUE_SETS[def.valueSet].map((option) => ({ code: option.key, label: translate(lang, option.labelKey) })),
    })];
    case 'string': return [];
  }
}

/** The clinical fields of the chosen sections, the values computed from them included. */
export function clinicalSectionVariables(sections: readonly ClinicalFieldGroup[], lang: Language): Variable[] {
  return sections.flatMap((section) => [
    ...CLINICAL_FIELD_GROUPS[section].map((key) => [key, section] as const),
    ...Object.entries(DERIVED_SECTION).filter(([, s]) => s === section).map(([key]) => [key as ClinicalKey, section] as const),
  ]).flatMap(([key, section]) => clinicalVariables(key, section, lang));
}

/** An item's variable: its linkId, prefixed with the instrument's id when it does not start with it (`frail-1` of RGA → `rga_frail_1`). */
export const itemVariableName = (instrumentId: string, linkId: string): string =>
  variableName(linkId.startsWith(`${instrumentId}-`) ? linkId : `${instrumentId}-${linkId}`);
const itemName = (def: InstrumentDef, linkId: string) => itemVariableName(def.id, linkId);

/** An item's answer as a coded variable; free-text items are left out (they may name people). */
function itemVariables(def: InstrumentDef, item: ItemDef, lang: Language): Variable[] {
  const base = { level: 'encounter' as const, source: 'instrument', instrument: def.id, item: item.linkId, label: item.text[lang] };
  switch (item.type) {
    case 'string': return [];
    case 'boolean': return [variable({ ...base, name: itemName(def, item.linkId), type: 'boolean' })];
    case 'integer': case 'decimal': return [variable({ ...base, name: itemName(def, item.linkId), type: item.type, unit: item.unit ?? null })];
    case 'choice': {
      const booleans = item.options.every((o) => typeof o.value === 'boolean');
      const integers = item.options.every((o) => Number.isInteger(o.value));
      const answer = variable({
        ...base, name: itemName(def, item.linkId), type: booleans ? 'boolean' : integers ? 'integer' : 'decimal',
        values: item.options.map((o) => ({ code: String(o.value), label: o.label[lang] })),
      });
      if (!item.measure) return [answer];
      const m = item.measure;
      return [answer, variable({ ...base, name: itemName(def, m.linkId), item: m.linkId, label: m.text[lang], type: 'decimal', unit: m.kind === 'seconds' ? 's' : '{steps}' })];
    }
  }
}

/** How the instrument is scored, in words: its description, then each band with its meaning. */
export function scoringRuleText(def: InstrumentDef, lang: Language): string {
  return [def.description[lang], ...def.bands.map((b) => `${b.label[lang]}: ${b.meaning[lang]}`)].join(' ');
}

type ScoreBase = Pick<Variable, 'level' | 'source' | 'instrument' | 'scoringRule'>;

const bandValues = (def: InstrumentDef, keys: readonly string[], lang: Language): AllowedValue[] =>
  def.bands.filter((b) => keys.includes(b.key)).map((b) => ({ code: b.key, label: b.label[lang] }));

/** A subscale's variables: its value, or a sub-instrument's total and band (`rga_frail_total`, `rga_frail_band`). */
function subscaleVariables(def: InstrumentDef, subscale: SubscaleDef, lang: Language, score: ScoreBase): Variable[] {
  const label = subscaleLabel(def, subscale.key, lang);
  const instrument = def.title[lang];
  if (subscale.type === 'result') {
    const part = `${instrument} – ${label}`;
    return [
      variable({ ...score, name: variableName(def.id, subscale.key, 'total'), label: T(lang, 'total', { instrument: part }), type: 'integer' }),
      variable({ ...score, name: variableName(def.id, subscale.key, 'band'), label: T(lang, 'band', { instrument: part }), type: 'string', values: bandValues(def, subscale.bands ?? [], lang) }),
    ];
  }
  return [variable({
    ...score, name: variableName(def.id, subscale.key), label: T(lang, 'subscale', { instrument, score: label }), type: subscale.type,
    values: Object.entries(subscale.values ?? {}).map(([code, text]) => ({ code, label: text[lang] })),
  })];
}

/** The name of an EQ-5D-5L index value of a value set: `eq5d5l_index_uk_cw`. */
export const indexVariableName = (instrumentId: string, valueSet: string): string => variableName(instrumentId, 'index', valueSet);

/** Every score of an instrument, as its definition declares them: total, band, subscales, index values. */
function scoreVariables(def: InstrumentDef, lang: Language): Variable[] {
  const title = def.title[lang];
  const score: ScoreBase = { level: 'encounter', source: 'instrument', instrument: def.id, scoringRule: scoringRuleText(def, lang) };
  // The bands of the sub-instruments (RGA's parts) are theirs: the instrument has no band of its own.
  const ownBands = def.bands.map((b) => b.key).filter((key) => !def.subscales?.some((s) => s.bands?.includes(key)));
  return [
    ...(def.range ? [variable({ ...score, name: variableName(def.id, 'total'), label: def.totalLabel?.[lang] ?? T(lang, 'total', { instrument: title }), type: 'decimal' })] : []),
    ...(ownBands.length ? [variable({
      ...score, name: variableName(def.id, 'band'), label: T(lang, 'band', { instrument: title }), type: 'string', values: bandValues(def, ownBands, lang),
    })] : []),
    ...(def.subscales ?? []).flatMap((subscale) => subscaleVariables(def, subscale, lang, score)),
    ...(def.indexValueSets ?? []).map((valueSet) => variable({
      ...score, name: indexVariableName(def.id, valueSet), label: T(lang, 'subscale', { instrument: title, score: indexLabel(valueSet, lang) }), type: 'decimal',
    })),
  ];
}

export function instrumentVariables(id: string, lang: Language): Variable[] {
  const def = getInstrument(id);
  if (!def) return [];
  const items = def.items.flatMap((item) => itemVariables(def, item, lang));
  const itemNames = new Set(items.map((v) => v.name));
  // A score that is an answer as given (the EQ-5D-5L VAS) has that item's variable already.
  return [...items, ...scoreVariables(def, lang).filter((v) => !itemNames.has(v.name))];
}

/** Every variable of a dataset with these parameters, in column order. */
export function datasetVariables(params: DatasetParams): Variable[] {
  return [
    ...studyVariables(params),
    ...clinicalSectionVariables(params.clinicalSections, params.language),
    ...params.instruments.flatMap((id) => instrumentVariables(id, params.language)),
  ];
}

/** The columns of the device daily table (`device_daily.csv`): one row per participant, day and measurement. */
export function deviceDailyVariables(lang: Language): Variable[] {
  const d = (name: string, key: string, type: VariableType, values: AllowedValue[] = []) => variable({ name, level: 'device', label: T(lang, key), type, values, source: 'device' });
  return [
    d('study_id', 'studyId', 'string'),
    d('day', 'day', 'date'),
    d('measurement', 'measurement', 'string', MEASUREMENTS.map((m) => ({ code: m.key, label: `${m.system}|${m.code}` }))),
    d('value', 'value', 'decimal'),
    d('unit', 'unit', 'string'),
  ];
}
