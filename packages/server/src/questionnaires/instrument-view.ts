import { questionnaireCanonical, type InstrumentDef } from '@geria/domain';

/**
 * An instrument's definition as data for other clients: everything but the scoring function,
 * with the canonical `url|version` its responses record.
 */
export function instrumentView(def: InstrumentDef) {
  const { score: _score, ...data } = def;
  return { ...data, groups: def.groups ?? [], canonical: questionnaireCanonical(def) };
}
