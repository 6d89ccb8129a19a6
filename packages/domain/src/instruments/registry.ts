import { CATALOGUE } from './catalogue.ts';
import { InstrumentAnswerError } from './errors.ts';
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
