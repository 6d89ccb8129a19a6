import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages.ts';
import { toFhirQuestionnaire } from './fhir-questionnaire.ts';
import { PREVIOUS_VERSIONS } from './catalogue.ts';
import { INSTRUMENTS, getInstrument, instrumentAt, recordedInstrument, requireInstrument } from './registry.ts';
import type { InstrumentDef, Localized } from './types.ts';

/** Every human-readable label of a definition, with where it sits. */
function labels(def: InstrumentDef): [string, Localized][] {
  const out: [string, Localized][] = [['title', def.title], ['description', def.description]];
  if (def.licence) out.push(['licence', def.licence]);
  if (def.totalLabel) out.push(['total label', def.totalLabel]);
  for (const group of def.groups ?? []) out.push([`group ${group.key}`, group.title]);
  for (const item of def.items) {
    out.push([item.linkId, item.text]);
    if (item.help) out.push([`${item.linkId} help`, item.help]);
    if (item.type === 'choice') for (const o of item.options) out.push([`${item.linkId} option ${o.value}`, o.label]);
    if (item.type === 'choice' && item.measure) out.push([item.measure.linkId, item.measure.text]);
    if ((item.type === 'integer' || item.type === 'decimal') && item.anchors) {
      out.push([`${item.linkId} min anchor`, item.anchors.min], [`${item.linkId} max anchor`, item.anchors.max]);
    }
  }
  for (const b of def.bands) out.push([`band ${b.key}`, b.label], [`band ${b.key} meaning`, b.meaning]);
  return out;
}

describe('instrument catalogue', () => {
  it('has unique instrument ids, each found by getInstrument', () => {
    const ids = INSTRUMENTS.map((def) => def.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const def of INSTRUMENTS) expect(getInstrument(def.id)).toBe(def);
    expect(getInstrument('nope')).toBeUndefined();
    expect(() => requireInstrument('nope')).toThrow(expect.objectContaining({ reason: 'unknown-instrument' }));
  });

  it('reads a response with the definition of the version it records', () => {
    const moca = getInstrument('moca')!;
    const mocaV1 = PREVIOUS_VERSIONS.find((def) => def.id === 'moca')!;
    expect(recordedInstrument('https://geria.example.org/fhir/Questionnaire/moca|1.0.0')).toBe(mocaV1);
    expect(recordedInstrument('https://geria.example.org/fhir/Questionnaire/moca|2.0.0')).toBe(moca);
    expect(recordedInstrument('https://geria.example.org/fhir/Questionnaire/moca')).toBe(moca);
    // A minor version has the same items: the current definition reads it.
    expect(recordedInstrument('https://geria.example.org/fhir/Questionnaire/fga|1.0.0')).toBe(getInstrument('fga'));
    expect(recordedInstrument('https://example.org/Questionnaire/moca|1.0.0')).toBeUndefined();
    expect(recordedInstrument(undefined)).toBeUndefined();
    expect(instrumentAt('nope', '1.0.0')).toBeUndefined();
  });

  it('keeps each earlier major version of an instrument once, older than the current one', () => {
    for (const def of PREVIOUS_VERSIONS) {
      const current = requireInstrument(def.id);
      expect(Number(def.version.split('.')[0]), def.id).toBeLessThan(Number(current.version.split('.')[0]));
      expect(instrumentAt(def.id, def.version)).toBe(def);
    }
  });

  describe.each([...INSTRUMENTS, ...PREVIOUS_VERSIONS].map((def) => [`${def.id} ${def.version}`, def] as const))('%s', (_id, def) => {
    it('labels everything in all seven languages', () => {
      for (const [where, label] of labels(def)) {
        expect(Object.keys(label).sort(), where).toEqual([...LANGUAGES].sort());
        for (const lang of LANGUAGES) expect(label[lang].trim(), `${where} (${lang})`).not.toBe('');
      }
    });

    it('has unique linkIds, known groups, options of one type and kebab-case band keys', () => {
      const linkIds = def.items.map((item) => item.linkId);
      expect(new Set(linkIds).size).toBe(linkIds.length);
      const groups = new Set((def.groups ?? []).map((g) => g.key));
      for (const item of def.items) {
        if (item.group) expect(groups.has(item.group), item.linkId).toBe(true);
        if (item.type === 'choice') {
          expect(new Set(item.options.map((o) => typeof o.value)).size, item.linkId).toBe(1);
          expect(new Set(item.options.map((o) => o.value)).size, item.linkId).toBe(item.options.length);
        }
      }
      for (const b of def.bands) expect(b.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(new Set(def.bands.map((b) => b.key)).size).toBe(def.bands.length);
      expect(def.version).toMatch(/^\d+\.\d+\.\d+$/);
    });

    it('yields a FHIR Questionnaire holding every item', () => {
      const q = toFhirQuestionnaire(def);
      const flat = q.item.flatMap((i) => (i.type === 'group' ? i.item ?? [] : [i]));
      expect(flat.map((i) => i.linkId)).toEqual(def.items.map((i) => i.linkId));
    });
  });
});
