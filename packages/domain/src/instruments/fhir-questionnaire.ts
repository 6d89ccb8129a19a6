import { LANGUAGES } from '../i18n/languages.ts';
import { measureItem } from './measure.ts';
import type { InstrumentDef, ItemDef, Localized } from './types.ts';

/**
 * The FHIR R4 Questionnaire of an instrument, typed structurally so the domain needs no FHIR
 * library. English is the base text; the other six languages ride in the standard translation
 * extension of each text. Choice options are Codings whose code is the stored integer value
 * (responses keep valueInteger, SPEC §5) and whose ordinalValue extension carries the points.
 */
export const QUESTIONNAIRE_BASE_URL = 'https://geria.example.org/fhir/Questionnaire';
const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';
const ORDINAL_VALUE = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';
const MIN_VALUE = 'http://hl7.org/fhir/StructureDefinition/minValue';
const MAX_VALUE = 'http://hl7.org/fhir/StructureDefinition/maxValue';
const UNIT = 'http://hl7.org/fhir/StructureDefinition/questionnaire-unit';
const UCUM = 'http://unitsofmeasure.org';
/** UCUM codes of the units items declare (seconds of a timed test; the steps of a count are a UCUM annotation). */
const UCUM_UNITS: Record<string, string> = { s: 's' };

export interface FhirExtension {
  url: string;
  extension?: FhirExtension[];
  valueCode?: string;
  valueString?: string;
  valueInteger?: number;
  valueDecimal?: number;
  valueCoding?: { system: string; code: string; display: string };
}

interface TranslatedElement {
  extension: FhirExtension[];
}

export interface FhirAnswerOption {
  valueCoding: { code: string; display: string; _display: TranslatedElement; extension?: FhirExtension[] };
}

export interface FhirQuestionnaireItem {
  linkId: string;
  text: string;
  _text: TranslatedElement;
  type: 'group' | 'display' | 'choice' | 'boolean' | 'integer' | 'decimal' | 'string';
  required?: boolean;
  maxLength?: number;
  extension?: FhirExtension[];
  answerOption?: FhirAnswerOption[];
  item?: FhirQuestionnaireItem[];
}

export interface FhirQuestionnaire {
  resourceType: 'Questionnaire';
  id: string;
  url: string;
  version: string;
  name: string;
  title: string;
  _title: TranslatedElement;
  status: 'active';
  description: string;
  copyright?: string;
  item: FhirQuestionnaireItem[];
}

export const questionnaireUrl = (id: string): string => `${QUESTIONNAIRE_BASE_URL}/${id}`;

/** The `canonical|version` reference a QuestionnaireResponse records. */
export const questionnaireCanonical = (def: Pick<InstrumentDef, 'id' | 'version'>): string =>
  `${questionnaireUrl(def.id)}|${def.version}`;

const translated = (label: Localized): TranslatedElement => ({
  extension: LANGUAGES.filter((lang) => lang !== 'en').map((lang) => ({
    url: TRANSLATION,
    extension: [
      { url: 'lang', valueCode: lang },
      { url: 'content', valueString: label[lang] },
    ],
  })),
});

const texts = (label: Localized) => ({ text: label.en, _text: translated(label) });

function boundExtensions(item: ItemDef): FhirExtension[] {
  if (item.type !== 'integer' && item.type !== 'decimal') return [];
  const key = item.type === 'integer' ? 'valueInteger' : 'valueDecimal';
  const bounds: FhirExtension[] = [{ url: MIN_VALUE, [key]: item.min }];
  if (item.max !== undefined) bounds.push({ url: MAX_VALUE, [key]: item.max });
  const unit = item.unit && UCUM_UNITS[item.unit];
  if (unit) bounds.push({ url: UNIT, valueCoding: { system: UCUM, code: unit, display: item.unit! } });
  return bounds;
}

function toItem(item: ItemDef): FhirQuestionnaireItem {
  const out: FhirQuestionnaireItem = { linkId: item.linkId, ...texts(item.text), type: item.type, required: !item.optional };
  const extension = boundExtensions(item);
  if (extension.length) out.extension = extension;
  if (item.type === 'string' && item.maxLength !== undefined) out.maxLength = item.maxLength;
  if (item.type === 'choice') {
    out.answerOption = item.options.map((option) => ({
      valueCoding: {
        code: String(option.value),
        display: option.label.en,
        _display: translated(option.label),
        ...(typeof option.value === 'number' ? { extension: [{ url: ORDINAL_VALUE, valueDecimal: option.value }] } : {}),
      },
    }));
  }
  const children: FhirQuestionnaireItem[] = [];
  if (item.help) children.push({ linkId: `${item.linkId}-help`, ...texts(item.help), type: 'display' });
  // A timed test's measurement is a question nested in its item, answered within the item's answer.
  if (item.type === 'choice' && item.measure) children.push(toItem(measureItem(item.measure)));
  if (children.length) out.item = children;
  return out;
}

/** Items in definition order; items of a group are nested in one group item placed where its first item is. */
function toItems(def: InstrumentDef): FhirQuestionnaireItem[] {
  const result: FhirQuestionnaireItem[] = [];
  const groups = new Map<string, FhirQuestionnaireItem>();
  for (const item of def.items) {
    const groupDef = item.group ? def.groups?.find((g) => g.key === item.group) : undefined;
    if (!groupDef) {
      result.push(toItem(item));
      continue;
    }
    let group = groups.get(groupDef.key);
    if (!group) {
      group = { linkId: groupDef.key, ...texts(groupDef.title), type: 'group', item: [] };
      groups.set(groupDef.key, group);
      result.push(group);
    }
    group.item!.push(toItem(item));
  }
  return result;
}

export function toFhirQuestionnaire(def: InstrumentDef): FhirQuestionnaire {
  return {
    resourceType: 'Questionnaire',
    id: def.id,
    url: questionnaireUrl(def.id),
    version: def.version,
    name: def.id.toUpperCase(),
    title: def.title.en,
    _title: translated(def.title),
    status: 'active',
    description: def.description.en,
    ...(def.licence ? { copyright: def.licence.en } : {}),
    item: toItems(def),
  };
}
