/**
 * Dataset export benchmark (issue 37 §1): a study of N participants × 4 assessments, each with a
 * PHQ-9 and an MoCA response and the anthropometry and vital-sign fields, exported in the wide and
 * the long layout by the same worker code the server runs (batched reads, CSV + Parquet, zip into
 * stored chunks). Reports the time from queued to done and the process's resident memory while the
 * export runs (sampled every 50 ms), against the memory before it: memory must stay flat.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/dataset-export.ts --participants 10000   # PostgreSQL
 *   npx tsx bench/dataset-export.ts --participants 1000                                # in-memory PGlite
 *   … --reuse                                               # export the study a previous run generated
 *   node --expose-gc --import tsx bench/dataset-export.ts …  # also the live heap after full collections
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { SessionUser } from '@geria/domain';
import { questionnaireCanonical } from '@geria/domain/instruments/fhir-questionnaire.ts';
import { getInstrument } from '@geria/domain/instruments/registry.ts';
import { ASSESSMENT_NUMBER_SYSTEM } from '@geria/domain/rules/assessment-encounter.ts';
import { toResponseItems } from '@geria/domain/rules/questionnaire-response.ts';
import { datasetParamsSchema } from '@geria/domain/exports/index.ts';
import { openPglite, openPostgres } from '../packages/server/src/db/connection.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { insertParticipants } from '../packages/server/src/demo/participants.ts';
import { createExport, getExport } from '../packages/server/src/exports/service.ts';
import { drainExports } from '../packages/server/src/exports/runner.ts';

const { values: args } = parseArgs({ options: { participants: { type: 'string', default: '10000' }, assessments: { type: 'string', default: '4' }, reuse: { type: 'boolean', default: false } } });
const PARTICIPANTS = Number(args.participants);
const ASSESSMENTS = Number(args.assessments);
const ORG = 'MIL-GER';
const round = (n: number) => Math.round(n * 10) / 10;
const mb = (bytes: number) => round(bytes / 2 ** 20);

const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite();
await migrate(db);
const seedStart = performance.now();
const existing = Number((await db.kysely.selectFrom('participant').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
if (args.reuse && existing >= PARTICIPANTS) process.stderr.write(`reusing ${existing} participants on ${db.kind}\n`);
else await generate();
const seedSeconds = round((performance.now() - seedStart) / 1000);

/** N participants of one organisation, each with ASSESSMENTS assessments written straight into the FHIR table. */
async function generate() {
  process.stderr.write(`generating ${PARTICIPANTS} participants × ${ASSESSMENTS} assessments on ${db.kind}\n`);
  const generated = await insertParticipants(db, PARTICIPANTS, 37);
  await db.kysely.updateTable('participant').set({ organisation: ORG }).where('id', 'in', generated.map((p) => p.id)).execute();

  let seed = 37;
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31; };
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const now = new Date().toISOString();
  const row = (type: string, content: Record<string, unknown>, patient: string, encounter: string | null) => ({
    resource_type: type, id: String(content.id), version_id: 1, last_updated: now, deleted: false, organisation_id: null,
    content: JSON.stringify(content), patient_id: patient, encounter_id: encounter, tokens: [],
  });
  const phq9 = getInstrument('phq9')!;
  const moca = getInstrument('moca')!;
  const answersOf = (def: typeof phq9) => Object.fromEntries(def.items.flatMap((item) => {
    if (item.type === 'choice') return [[item.linkId, item.options[int(0, item.options.length - 1)]!.value]];
    if (item.type === 'integer') return [[item.linkId, int(item.min, item.max ?? item.min + 3)]];
    if (item.type === 'boolean') return [[item.linkId, rand() < 0.5]];
    return [];
  }));
  const quantity = (code: string, value: number, unit: string) => ({ code: { coding: [{ system: 'http://loinc.org', code }] }, valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code: unit } });
  // 50 participants a statement: 1 600 rows of 10 parameters, under PGlite's 32 767.
  for (let i = 0; i < generated.length; i += 50) {
    const rows = generated.slice(i, i + 50).flatMap((p) => Array.from({ length: ASSESSMENTS }, (_, a) => {
      const encounter = randomUUID();
      const subject = { reference: `Patient/${p.id}` };
      const start = new Date(Date.UTC(2026, a * 3, 1 + int(0, 27), 9)).toISOString();
      const ref = { subject, encounter: { reference: `Encounter/${encounter}` } };
      const obs = (content: object) => row('Observation', { resourceType: 'Observation', id: randomUUID(), status: 'final', ...ref, effectiveDateTime: start, ...content }, p.id, encounter);
      const qr = (def: typeof phq9) => row('QuestionnaireResponse', {
        resourceType: 'QuestionnaireResponse', id: randomUUID(), status: 'completed', questionnaire: questionnaireCanonical(def), ...ref, authored: start, item: toResponseItems(answersOf(def)),
      }, p.id, encounter);
      const weight = int(50, 95);
      return [
        row('Encounter', { resourceType: 'Encounter', id: encounter, status: 'finished', subject, period: { start }, type: [{ coding: [{ system: ASSESSMENT_NUMBER_SYSTEM, code: String(a + 1) }] }] }, p.id, null),
        qr(phq9), qr(moca),
        obs(quantity('29463-7', weight, 'kg')), obs(quantity('8302-2', 165, 'cm')), obs(quantity('39156-5', round(weight / 1.65 ** 2), 'kg/m2')), obs(quantity('8867-4', int(55, 90), '/min')),
        obs({ code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }] }, component: [quantity('8460-8', int(110, 160), 'mm[Hg]'), quantity('8454-1', int(60, 95), 'mm[Hg]')] }),
      ];
    }).flat());
    await db.kysely.insertInto('fhir_resource').values(rows as never).execute();
}
if (db.kind === 'pg') await db.exec('analyze participant; analyze fhir_resource');
}

const user = { username: 'bench-expert', organisation: ORG, organisationId: null, roles: ['ClinicalExpert'] } as unknown as SessionUser;
const results: Record<string, unknown> = { name: 'dataset-export', database: db.kind, participants: PARTICIPANTS, assessments: ASSESSMENTS, seedSeconds };
for (const layout of ['wide', 'long'] as const) {
  const params = datasetParamsSchema.parse({ layout, instruments: ['phq9', 'moca'], clinicalSections: ['anthropometry', 'vitals'] });
  const job = await createExport(db, user, params, 'en');
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let heapPeak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => { const m = process.memoryUsage(); rssPeak = Math.max(rssPeak, m.rss); heapPeak = Math.max(heapPeak, m.heapUsed); }, 50);
  // With --expose-gc: the live heap (after a full collection) every 2 s, what the export really holds.
  let liveHeapPeak = 0;
  const live = global.gc ? setInterval(() => { global.gc!(); liveHeapPeak = Math.max(liveHeapPeak, process.memoryUsage().heapUsed); }, 2000) : undefined;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await drainExports(db, 'bench');
  const seconds = round((performance.now() - started) / 1000);
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  clearInterval(live);
  const done = await getExport(db, user, job.id, 'en');
  if (done.state !== 'done') throw new Error(`${layout}: ${done.state} ${JSON.stringify(done.error)}`);
  results[layout] = { seconds, cpuSeconds: round((used.user + used.system) / 1e6), rows: done.rows, participants: done.participants, zipKB: Math.round((done.bytes ?? 0) / 1024), rssBeforeMB: mb(rssBefore), rssPeakMB: mb(rssPeak), heapPeakMB: mb(heapPeak), ...(global.gc && { liveHeapPeakMB: mb(liveHeapPeak) }) };
}
results.loadAverage = loadavg().map(round);
console.log(JSON.stringify(results, null, 2));
await db.close();
