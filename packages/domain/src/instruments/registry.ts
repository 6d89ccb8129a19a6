import { CATALOGUE, PREVIOUS_VERSIONS } from './catalogue.ts';
import { InstrumentAnswerError } from './errors.ts';
import { QUESTIONNAIRE_BASE_URL } from './fhir-questionnaire.ts';
import type { InstrumentDef } from './types.ts';

export const INSTRUMENTS: readonly InstrumentDef[] = CATALOGUE;

const byId = new Map(INSTRUMENTS.map((def) => [def.id, def]));

export const INSTRUMENT_IDS: readonly string[] = INSTRUMENTS.map((def) => def.id);

export const getInstrument = (id: string): InstrumentDef | undefined => byId.get(id);

/** The instrument of an id, or an InstrumentAnswerError with reason 'unknown-instrument'. */
export function requireInstrument(id: string): InstrumentDef {
  const def = byId.get(id);
  if (!def) throw new InstrumentAnswerError(id, null, 'unknown-instrument');
  return def;
}

const major = (version: string) => version.split('.')[0];

/**
 * The definition a response recorded with `version` is read, scored and edited with. Versions of
 * one major version share their items (a minor version only adds optional items or outputs), so the
 * current definition reads them; an earlier major version has its own definition (MoCA 1.x with 13
 * items, MDPQ-16). Without a version, or for one no definition knows, the current definition answers.
 */
export function instrumentAt(id: string, version?: string): InstrumentDef | undefined {
  const current = byId.get(id);
  if (!current || !version || major(version) === major(current.version)) return current;
  return PREVIOUS_VERSIONS.find((def) => def.id === id && major(def.version) === major(version)) ?? current;
}

/** The definition of a response's `questionnaire` canonical (`<base>/<id>|<version>`), or undefined for another questionnaire. */
export function recordedInstrument(questionnaire: string | undefined): InstrumentDef | undefined {
  const [url = '', version] = (questionnaire ?? '').split('|');
  const prefix = `${QUESTIONNAIRE_BASE_URL}/`;
  return url.startsWith(prefix) ? instrumentAt(url.slice(prefix.length), version) : undefined;
}
