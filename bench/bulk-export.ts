/**
 * FHIR Bulk Data export benchmark (issue 37 §2): one organisation's participants (the demo
 * generator's, with their Patients), each with an Encounter and `--observations` Observations written straight into the FHIR table,
 * exported by the same job code the server runs (kick-off, then the worker drains the queue). Prints
 * the time from queued to Completed, resources per second, the files written and the process's RSS
 * before the export and its peak during it, sampled (rows are read in batches: the export should add little).
 *
 *   DATABASE_URL=postgres://... npx tsx bench/bulk-export.ts --participants 10000   # PostgreSQL
 *   npx tsx bench/bulk-export.ts --participants 2000                                # in-memory PGlite
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { organisationByAbbr, type SessionUser } from '@geria/domain';
import { openPglite, openPostgres } from '../packages/server/src/db/connection.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { insertParticipants } from '../packages/server/src/demo/participants.ts';
import { kickOff } from '../packages/server/src/fhir/bulk/jobs.ts';
import { drainQueue } from '../packages/server/src/fhir/bulk/runner.ts';

const { values: args } = parseArgs({ options: { participants: { type: 'string', default: '10000' }, observations: { type: 'string', default: '20' } } });
const PARTICIPANTS = Number(args.participants);
const OBSERVATIONS = Number(args.observations);
const ORG = 'MIL-GER';
const ORGID = organisationByAbbr(ORG)!.orgid;

const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite();
await migrate(db);
process.stderr.write(`generating ${PARTICIPANTS} participants with ${OBSERVATIONS} observations each on ${db.kind}\n`);
const generated = await insertParticipants(db, PARTICIPANTS, 37);
await db.kysely.updateTable('participant').set({ organisation: ORG, pilot: 2 }).where('id', 'in', generated.map((p) => p.id)).execute();
const now = new Date(Date.now() - 60_000).toISOString();
const row = (type: string, content: Record<string, unknown>, patient: string) => ({
  resource_type: type, id: String(content.id), version_id: 1, last_updated: now, deleted: false, organisation_id: ORGID,
  content: JSON.stringify({ ...content, meta: { versionId: '1', lastUpdated: now } }), patient_id: patient, encounter_id: null, tokens: [],
});
for (let i = 0; i < generated.length; i += 100) {
  const rows = generated.slice(i, i + 100).flatMap((p) => {
    const subject = { reference: `Patient/${p.id}` };
    const encounter = randomUUID();
    return [
      row('Encounter', { resourceType: 'Encounter', id: encounter, status: 'finished', class: { code: 'AMB' }, subject }, p.id),
      ...Array.from({ length: OBSERVATIONS }, (_, n) => row('Observation', {
        resourceType: 'Observation', id: randomUUID(), status: 'final', subject, encounter: { reference: `Encounter/${encounter}` },
        code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
        effectiveDateTime: new Date(Date.parse(now) - n * 86_400_000).toISOString(),
        valueQuantity: { value: 60 + (n % 30), unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' },
      }, p.id)),
    ];
  });
  await db.kysely.insertInto('fhir_resource').values(rows as never).execute();
}
// The generator spread the Patients over organisations: one organisation holds them all here.
await db.kysely.updateTable('fhir_resource').set({ organisation_id: ORGID }).execute();
if (db.kind === 'pg') await db.exec('analyze participant; analyze fhir_resource');

const user = { username: 'bench-expert', organisation: ORG, organisationId: ORGID, roles: ['ClinicalExpert'] } as unknown as SessionUser;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, process.memoryUsage().rss); }, 20);
const id = await kickOff(db, { user, language: 'en' }, { level: 'system', query: new URLSearchParams('_type=Patient,Encounter,Observation'), request: 'bench' });
const started = performance.now();
await drainQueue(db, 'bench');
const ms = Math.round(performance.now() - started);
clearInterval(sampler);
const job = await db.kysely.selectFrom('bulk_export_job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
if (job.state !== 'Completed') throw new Error(`export ${job.state}: ${JSON.stringify(job.error)}`);
const files = await db.kysely.selectFrom('bulk_export_file').select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.sum<number>('count').as('resources')]).where('job_id', '=', id).executeTakeFirstOrThrow();
console.log(JSON.stringify({
  database: db.kind, participants: PARTICIPANTS, resources: Number(files.resources), files: Number(files.files),
  msToCompleted: ms, resourcesPerSecond: Math.round(Number(files.resources) / (ms / 1000)),
  rssMbBeforeExport: mb(rssBefore), peakRssMbDuringExport: mb(rssPeak),
}, null, 2));
await db.close();
