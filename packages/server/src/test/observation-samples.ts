import { seededRandom, type Random } from '../demo/random.ts';

/**
 * Observations for the differential tests of observation-shape.ts: what devices send, with the
 * optional elements in random combinations, and the same with one to three mutations each (a wrong
 * type, an empty or malformed value, a broken invariant, an element the fast path does not know).
 * Seeded: `observation-outcomes.json` holds what the validator answered to `mutatedObservations()`
 * before the fast path existed, and must keep matching it.
 */
type Json = Record<string, any>;

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const CODES = ['8867-4', '29463-7', '8302-2', '85354-9', '59408-5', '55423-8', '8480-6', '8462-4'];

const coding = (r: Random): Json => ({
  system: LOINC, code: r.pick(CODES), ...(r.chance(0.3) && { display: r.pick(['Heart rate', 'Body weight', 'Pression artérielle', 'Βάρος']) }),
  ...(r.chance(0.05) && { version: '2.74' }), ...(r.chance(0.05) && { userSelected: r.chance(0.5) }),
});
const concept = (r: Random): Json => (r.chance(0.1) ? { text: 'Reading' } : { coding: [coding(r)], ...(r.chance(0.2) && { text: 'Reading' }) });
const instant = (r: Random) => new Date(Date.UTC(2020, 0, 1) + r.int(0, 1_500_000_000) * 100).toISOString();
const dateTime = (r: Random) => r.pick([instant(r), instant(r).slice(0, 10), instant(r).slice(0, 19) + '+02:00', instant(r).slice(0, 7), '2024']);
const reference = (r: Random, type = 'Patient'): Json => ({ reference: `${type}/${r.uuid()}`, ...(r.chance(0.1) && { display: 'Device' }), ...(r.chance(0.05) && { type }) });
const quantity = (r: Random): Json => ({
  value: r.pick([72, 0, -3.5, 101.25, 1e-7]), ...(r.chance(0.8) && { unit: r.pick(['/min', 'kg', 'mm[Hg]', '%']) }),
  ...(r.chance(0.8) && { system: UCUM, code: r.pick(['/min', 'kg', 'mm[Hg]', '%']) }), ...(r.chance(0.05) && { comparator: r.pick(['<', '>=']) }),
});
const identifier = (r: Random): Json => ({
  system: 'https://device.example.org/reading', value: r.uuid(), ...(r.chance(0.1) && { use: 'official' }),
  ...(r.chance(0.05) && { assigner: { display: 'Vendor', identifier: { value: 'v1' } } }), ...(r.chance(0.05) && { period: { start: '2024-01-01' } }),
});
const VALUES: [string, (r: Random) => unknown][] = [
  ['valueQuantity', quantity], ['valueCodeableConcept', concept], ['valueString', () => 'normal sinus rhythm'], ['valueBoolean', (r) => r.chance(0.5)],
  ['valueInteger', (r) => r.int(-5, 20_000)], ['valueTime', () => '07:30:00'], ['valueDateTime', dateTime],
  ['valuePeriod', (r) => { const start = instant(r); return { start, end: r.chance(0.5) ? start : '2099-01-01T00:00:00.000Z' }; }],
];

function component(r: Random): Json {
  const [name, make] = r.pick(VALUES.slice(0, 5));
  return { code: { coding: [{ system: LOINC, code: r.pick(['8480-6', '8462-4']) }] }, ...(r.chance(0.9) ? { [name]: make(r) } : { dataAbsentReason: { text: 'error' } }) };
}

/** A valid Observation as a device might send it. */
export function deviceObservation(r: Random): Json {
  const o: Json = { resourceType: 'Observation', status: r.pick(['final', 'preliminary', 'amended']), code: { coding: [{ system: LOINC, code: '8867-4' }] } };
  if (r.chance(0.3)) o.id = r.uuid();
  if (r.chance(0.2)) o.meta = r.pick<Json>([{ profile: ['http://hl7.org/fhir/StructureDefinition/vitalsigns'] }, { tag: [{ system: 'https://x.example', code: 'device' }] }, { source: 'urn:device:1' }]);
  if (r.chance(0.8)) o.identifier = [identifier(r)];
  if (r.chance(0.5)) o.category = [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] }];
  if (r.chance(0.9)) o.subject = reference(r);
  if (r.chance(0.3)) o.device = reference(r, 'Device');
  if (r.chance(0.2)) o.performer = [reference(r, 'Practitioner')];
  if (r.chance(0.1)) o.encounter = reference(r, 'Encounter');
  const effective = r.int(0, 3);
  if (effective === 0) o.effectiveDateTime = dateTime(r);
  else if (effective === 1) o.effectiveInstant = instant(r);
  else if (effective === 2) { const start = instant(r); o.effectivePeriod = r.chance(0.5) ? { start } : { start, end: start.replace(/^2/, '3') }; }
  if (r.chance(0.3)) o.issued = instant(r);
  if (r.chance(0.1)) o.dataAbsentReason = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code: 'error' }] };
  else if (r.chance(0.85)) { const [name, make] = r.pick(VALUES); o[name] = make(r); }
  if (r.chance(0.2)) o.component = [component(r), component(r)];
  if (r.chance(0.1)) o.interpretation = [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: 'N' }] }];
  if (r.chance(0.1)) o.note = [{ text: 'after **exercise**', ...(r.chance(0.5) && { authorString: 'device' }), ...(r.chance(0.3) && { time: instant(r) }) }];
  if (r.chance(0.1)) o.referenceRange = [{ low: { value: 50, unit: '/min', system: UCUM, code: '/min' }, ...(r.chance(0.5) && { high: { value: 100 } }) }];
  if (r.chance(0.05)) o.method = concept(r);
  if (r.chance(0.05)) o.bodySite = concept(r);
  if (r.chance(0.05)) o.language = 'it';
  if (r.chance(0.05)) o.derivedFrom = [reference(r, 'Observation')];
  return o;
}

/** Where a mutation lands: an object of the Observation (itself, or one of its data-type values) and a member name. */
function somewhere(o: Json, r: Random): [Json, string] {
  const holders: [Json, string][] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) { holders.push([value as Json, key]); walk(child); }
  };
  walk(o);
  return r.pick(holders);
}

const MUTATIONS: ((o: Json, r: Random) => void)[] = [
  // Anywhere: a wrong JSON type, an empty or blank value, null, an array for a single value, a single value for an array.
  (o, r) => { const [h, k] = somewhere(o, r); h[k] = r.pick<unknown>(['', '  ', ' x', 'x  y', 1.5, -1, 2 ** 40, true, null, {}, [], [{}], ['x'], { a: 1 }, 'a\u0001b']); },
  (o, r) => { const [h, k] = somewhere(o, r); if (!Array.isArray(h[k])) h[k] = [h[k]]; },
  (o, r) => { const [h, k] = somewhere(o, r); if (Array.isArray(h[k])) h[k] = h[k][0]; },
  (o, r) => { const [h, k] = somewhere(o, r); delete h[k]; },
  (o, r) => { const [h] = somewhere(o, r); h[r.pick(['colour', 'extension', 'id', '_code', 'resourceType', 'modifierExtension'])] = r.pick<unknown>(['x', [{ url: 'http://x.example', valueString: 'y' }], { id: 'a' }]); },
  // Members the fast path leaves to the full validator, some valid.
  (o, r) => { o[r.pick(['text', 'contained', 'extension', 'implicitRules', '_status', 'effectiveTiming', 'valueRange', 'valueRatio', 'valueSampledData', 'specimen', 'hasMember'])] = r.pick<unknown>([
    { status: 'generated', div: '<div xmlns="http://www.w3.org/1999/xhtml">x</div>' }, [{ resourceType: 'Patient', id: 'p' }], [{ url: 'http://x.example', valueString: 'y' }],
    'http://rules.example', { extension: [{ url: 'http://x.example', valueString: 'y' }] }, { repeat: { frequency: 1 } }, { low: { value: 1 }, high: { value: 2 } },
    { numerator: { value: 1 } }, { origin: { value: 0 }, period: 1, dimensions: 1, data: '1 2' }, { reference: 'Specimen/1' }, [{ reference: 'Observation/1' }],
  ]); },
  // Formats: dates, times, instants, codes, uris, ids.
  (o, r) => { o[r.pick(['effectiveDateTime', 'issued', 'effectiveInstant', 'valueDateTime', 'valueTime'])] = r.pick(['2024-13-01', '2024-02-30', '2023-02-29T10:00:00Z', 'yesterday', '2024-01-01T10:00', '2024-01-01T10:00:00', '24:00:00', '2024-01-01T10:00:00.1234567890Z', '0000']); },
  (o, r) => { o.code = { coding: [{ system: r.pick([LOINC, 'a b', 'urn:x']), code: r.pick(['8867-4', 'a  b', ' x', 'x\ty']) }] }; },
  (o, r) => { o.id = r.pick(['a b', 'x'.repeat(65), 'ok-1.2', '']); },
  (o, r) => { o.status = r.pick(['bogus', 'FINAL', 'final ', 'cancelled', 'entered-in-error', 'unknown']); },
  (o, r) => { o.meta = r.pick<Json>([{ lastUpdated: '2024-01-01' }, { versionId: '1 2' }, { profile: ['a b'] }, { security: [{}] }, { profile: 'http://x' }]); },
  // Invariants: obs-6, obs-7, qty-3, sqty-1, per-1, ref-1, obs-3, Annotation.text.
  (o) => { o.valueQuantity = { value: 1 }; o.dataAbsentReason = { text: 'x' }; },
  (o) => { o.valueQuantity = { value: 1 }; o.component = [{ code: o.code, valueQuantity: { value: 1 } }]; },
  (o) => { o.valueQuantity = { value: 1 }; o.component = [{ code: { coding: [{ system: 'urn:other', code: '8867-4' }] }, valueQuantity: { value: 1 } }]; },
  (o, r) => { o.valueQuantity = r.pick<Json>([{ value: 1, code: 'kg' }, { value: 1, comparator: 'about' }, { value: 1, comparator: '<' }, { unit: 'kg' }, { value: '72' }]); },
  (o, r) => { o.referenceRange = [r.pick<Json>([{}, { type: { text: 'x' } }, { low: { value: 1, comparator: '<' } }, { low: { value: 1, code: 'kg' } }, { text: 'normal' }, { age: { low: { value: 1 } } }])]; },
  (o, r) => { o.effectivePeriod = r.pick<Json>([
    { start: '2024-02-01', end: '2024-01-01' }, { start: '2024-01-01T10:00:00Z', end: '2024-01-01T11:00:00+02:00' }, { start: '2024-01-01T10:00:00+02:00', end: '2024-01-01T09:00:00Z' },
    { start: '2024-01-01', end: '2024-01-01T00:00:00Z' }, { end: '2024-01-01' }, {}]); },
  (o, r) => { o.subject = r.pick<Json>([{ reference: '#p1' }, { reference: '' }, { reference: 'Patient/1', identifier: {} }, { display: 'someone' }, { reference: 'Patient/1', resourceType: 'Patient' }]); },
  (o, r) => { o.note = [r.pick<Json>([{}, { authorString: 'x' }, { text: 'x', authorString: 'a', authorReference: { reference: 'Practitioner/1' } }, { text: '' }])]; },
  (o, r) => { o.component = [r.pick<Json>([{ valueQuantity: { value: 1 } }, { code: { text: 'x' }, valueQuantity: { value: 1 }, dataAbsentReason: { text: 'x' } }, { code: { text: 'x' }, valueInteger: 1.5 }, { code: { text: 'x' }, valueString: 'a', valueInteger: 1 }])]; },
  (o) => { o.effectiveInstant = '2024-01-01T00:00:00Z'; o.effectiveDateTime = '2024-01-01'; },
  (o) => { o.valueInteger = 1; o.valueString = 'x'; },
  (o, r) => { o.valueQuantity = { value: r.pick([Infinity, NaN, 1e308 * 10]) }; },
];

/** `count` Observations, each mutated one to three times. */
export function mutatedObservations(count: number, seed = 36): Json[] {
  const r = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const o = deviceObservation(r);
    for (let i = r.int(1, 3); i > 0; i--) r.pick(MUTATIONS)(o, r);
    return o;
  });
}

/** `count` valid device Observations. */
export const deviceObservations = (count: number, seed = 63): Json[] => { const r = seededRandom(seed); return Array.from({ length: count }, () => deviceObservation(r)); };
