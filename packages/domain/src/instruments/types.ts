import type { Language } from '../i18n/languages.ts';

/**
 * The declarative shape of a standardised questionnaire. Everything else (answer validation, the
 * zod schema, the FHIR Questionnaire, the web runner) is derived from one InstrumentDef, so an
 * instrument is written once. Scoring facts follow shared/instruments.md.
 */
export type Localized = Record<Language, string>;

/** An answer as the catalogue encodes it: points/option codes (number), yes/no (boolean), free text. */
export type AnswerValue = number | boolean | string;
export type Answers = Record<string, AnswerValue>;

export interface AnswerOption {
  value: number | boolean;
  label: Localized;
}

interface BaseItem {
  linkId: string;
  text: Localized;
  /** Step of the runner this item belongs to (e.g. a GHABP situation); items without a group are one step each. */
  group?: string;
  /** Unscored items (e.g. Godin item 4, PHQ-9 item 10) never make a response "not scorable". */
  scored?: boolean;
  /** Optional items may be left out (e.g. MNA-SF F2, PSFS activities 2–5, GHABP situations). */
  optional?: boolean;
  help?: Localized;
}

export interface ChoiceItem extends BaseItem {
  type: 'choice';
  options: AnswerOption[];
  /** A timed or counted test whose value suggests the level (FGA, Mini-BESTest; see measure.ts). */
  measure?: MeasureDef;
}

/**
 * A measurement taken while administering a choice item (a time in seconds or a count of steps):
 * the published thresholds turn it into a suggested level, which the clinician may override. Its
 * answer is stored under `linkId`, nested in the item's answer of the QuestionnaireResponse.
 */
export interface MeasureDef {
  /** `<item linkId>-seconds` or `<item linkId>-steps`. */
  linkId: string;
  kind: 'seconds' | 'steps';
  text: Localized;
  /** Largest value accepted (0 is the smallest). */
  max: number;
  /** Which level a value suggests: each level with the range of values that suggests it. */
  levels: readonly MeasureLevel[];
  /**
   * Where a value exactly on a threshold goes: 'upper' puts it in the range above it (ranges are
   * [from, to)), 'lower' in the range below it ((from, to]; e.g. the FGA pivot "within 3 s").
   */
  onThreshold: 'upper' | 'lower';
}

/** A level (the option's value) and the range of the measure that suggests it; an open end has no bound. */
export interface MeasureLevel {
  level: number;
  from?: number;
  to?: number;
}

export interface BooleanItem extends BaseItem {
  type: 'boolean';
}

export interface NumberItem extends BaseItem {
  type: 'integer' | 'decimal';
  min: number;
  max?: number;
  /** e.g. 10 for ABC percentages. */
  step?: number;
  unit?: string;
  /** Labels of the ends of a rating scale (e.g. 0 "no pain", 10 "worst imaginable"). */
  anchors?: { min: Localized; max: Localized };
}

export interface TextItem extends BaseItem {
  type: 'string';
  maxLength?: number;
}

export type ItemDef = ChoiceItem | BooleanItem | NumberItem | TextItem;

export interface GroupDef {
  key: string;
  title: Localized;
}

export interface BandDef {
  key: string;
  label: Localized;
  /** What the band means for the clinician, shown with the score. */
  meaning: Localized;
  /** Clinically worrying band: drawn red instead of green. */
  critical?: boolean;
}

export type SubscaleValue = number | string | null | ScoreResult;

/**
 * A subscale `score` may return, declared so the dataset export knows its columns before any row.
 * `result` is a sub-instrument's own total (integer) and band (RGA). Its label is the title of the
 * group of the same key, else the domain message `instrumentScores.subscales.<key>`.
 */
export interface SubscaleDef {
  key: string;
  type: 'integer' | 'decimal' | 'string' | 'result';
  /** The codes a `string` subscale takes, with their labels (ABC functional levels). */
  values?: Record<string, Localized>;
  /** The keys of the instrument's bands a `result` subscale's band takes. */
  bands?: readonly string[];
}

export interface ScoreResult {
  total: number | null;
  band: string | null;
  subscales?: Record<string, SubscaleValue>;
  /** EQ-5D-5L only: index value keyed by value-set code. */
  index?: Record<string, number>;
}

export interface InstrumentDef {
  /** Catalogue id, e.g. `phq9`. */
  id: string;
  /** Semantic version of the definition; recorded in every response (Questionnaire.version). */
  version: string;
  title: Localized;
  description: Localized;
  /** Licence or copyright note shown with the instrument; absent when public domain/free. */
  licence?: Localized;
  /** Range of `total` for charts and property tests (null when the instrument has no total). */
  range: { min: number; max: number } | null;
  /** What `total` is, when it is not the instrument's plain score (GHABP: the derived benefit). */
  totalLabel?: Localized;
  /** The published screening accuracy of the score (proportions 0–1), shown with it (GDS-15). */
  screeningAccuracy?: { sensitivity: number; specificity: number };
  items: ItemDef[];
  groups?: GroupDef[];
  bands: BandDef[];
  /** Every subscale `score` returns, in order (a property test holds the two together). */
  subscales?: readonly SubscaleDef[];
  /** EQ-5D-5L: the value sets `score` gives an `index` for. */
  indexValueSets?: readonly string[];
  /** Scores a validated answer set. Never called with answers that failed validation. */
  score(answers: Answers): ScoreResult;
}
