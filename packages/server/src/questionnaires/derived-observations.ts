import type { InstrumentDef, ScoreResult } from '@geria/domain';
import { UCUM } from '@geria/domain';

/**
 * The Observations derived from a scored response: one per total, subscale, part (RGA) and index
 * value (EQ-5D-5L), so charts and analytics search scores by code instead of re-scoring answers.
 * Codes are `<instrumentId>` for the total and `<instrumentId>.<subscale>` (nested parts and
 * indexes add segments: `rga.frail`, `eq5d5l.index.FR`). Numbers are quantities in the UCUM
 * annotation `{score}`; texts (an EQ-5D-5L profile, an ABC functional level) are strings; a band
 * is the observation's interpretation. Values that are not scorable (null) are not recorded.
 */
export const INSTRUMENT_SCORE_SYSTEM = 'https://geria.example.org/fhir/CodeSystem/instrument-score';
export const INSTRUMENT_BAND_SYSTEM = 'https://geria.example.org/fhir/CodeSystem/instrument-band';
const SURVEY = { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'survey', display: 'Survey' };

export interface DerivedContext {
  subject: string;
  encounter?: string;
  effective: string;
  /** The response's reference, or the urn:uuid of its Bundle entry. */
  derivedFrom: string;
}

interface ScorePart {
  code: string;
  value: number | string;
  band: string | null;
}

function parts(result: ScoreResult, code: string): ScorePart[] {
  const found: ScorePart[] = result.total === null ? [] : [{ code, value: result.total, band: result.band }];
  for (const [key, value] of Object.entries(result.subscales ?? {})) {
    if (value === null) continue;
    if (typeof value === 'object') found.push(...parts(value, `${code}.${key}`));
    else found.push({ code: `${code}.${key}`, value, band: null });
  }
  for (const [valueSet, value] of Object.entries(result.index ?? {})) found.push({ code: `${code}.index.${valueSet}`, value, band: null });
  return found;
}

const display = (def: InstrumentDef, code: string) =>
  code === def.id ? def.title.en : `${def.title.en}: ${code.slice(def.id.length + 1)}`;

export function derivedObservations(def: InstrumentDef, score: ScoreResult, context: DerivedContext) {
  return parts(score, def.id).map(({ code, value, band }) => {
    const bandDef = band === null ? undefined : def.bands.find((b) => b.key === band);
    const name = display(def, code);
    return {
      resourceType: 'Observation' as const,
      status: 'final' as const,
      category: [{ coding: [SURVEY] }],
      code: { coding: [{ system: INSTRUMENT_SCORE_SYSTEM, code, display: name }], text: name },
      subject: { reference: context.subject },
      ...(context.encounter && { encounter: { reference: context.encounter } }),
      effectiveDateTime: context.effective,
      ...(typeof value === 'number'
        ? { valueQuantity: { value, unit: '{score}', system: UCUM, code: '{score}' } }
        : { valueString: value }),
      ...(band !== null && {
        interpretation: [{
          coding: [{ system: INSTRUMENT_BAND_SYSTEM, code: band, ...(bandDef && { display: bandDef.label.en }) }],
          text: bandDef?.label.en ?? band,
        }],
      }),
      derivedFrom: [{ reference: context.derivedFrom }],
    };
  });
}

