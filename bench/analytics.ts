/**
 * Analytics benchmark (issue 14): k-means and descriptive statistics over 10 000 participants, timed
 * from the queued run to Completed (snapshot read with SQL, analysis, result stored) by the same
 * worker code the server runs. Scores are written straight into the FHIR table (one assessment per
 * participant with MoCA, FGA and MNA-SF), the shape the questionnaires' derived Observations have.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/analytics.ts     # PostgreSQL
 *   npx tsx bench/analytics.ts --participants 10000            # in-memory PGlite
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { analyticSchema, type SessionUser } from '@geria/domain';
import { ASSESSMENT_NUMBER_SYSTEM } from '@geria/domain/rules/assessment-encounter.ts';
import { openPglite, openPostgres } from '../packages/server/src/db/connection.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { insertParticipants } from '../packages/server/src/demo/participants.ts';
import { INSTRUMENT_SCORE_SYSTEM } from '../packages/server/src/questionnaires/derived-observations.ts';
import { createAnalytic, createNotebook, getRun } from '../packages/server/src/analytics/service.ts';
import { drainQueue } from '../packages/server/src/analytics/runner.ts';

const { values: args } = parseArgs({ options: { participants: { type: 'string', default: '10000' } } });
const PARTICIPANTS = Number(args.participants);
const ORG = 'MIL-GER';

const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite();
await migrate(db);
process.stderr.write(`generating ${PARTICIPANTS} participants with scores on ${db.kind}\n`);
const generated = await insertParticipants(db, PARTICIPANTS, 14);
// One organisation holds them all: the benchmark is about one organisation's cohort of that size.
await db.kysely.updateTable('participant').set({ organisation: ORG }).where('id', 'in', generated.map((p) => p.id)).execute();
let seed = 14;
const rand = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31; };
const now = new Date().toISOString();
const resource = (type: string, content: Record<string, unknown>, patient: string, encounter: string | null) => ({
  resource_type: type, id: String(content.id), version_id: 1, last_updated: now, deleted: false, organisation_id: null,
  content: JSON.stringify(content), patient_id: patient, encounter_id: encounter, tokens: [],
});
for (let i = 0; i < generated.length; i += 500) {
  const rows = generated.slice(i, i + 500).flatMap((p) => {
    const encounter = randomUUID();
    const subject = { reference: `Patient/${p.id}` };
    const frail = rand() < 0.4;
    const scores = { moca: Math.round((frail ? 14 : 25) + rand() * 5), fga: Math.round((frail ? 12 : 24) + rand() * 6), mnasf: Math.round((frail ? 7 : 12) + rand() * 2) };
    return [
      resource('Encounter', { resourceType: 'Encounter', id: encounter, status: 'finished', subject, type: [{ coding: [{ system: ASSESSMENT_NUMBER_SYSTEM, code: '1' }] }] }, p.id, null),
      ...Object.entries(scores).map(([code, value]) => {
        const id = randomUUID();
        return resource('Observation', { resourceType: 'Observation', id, status: 'final', code: { coding: [{ system: INSTRUMENT_SCORE_SYSTEM, code }] }, subject, encounter: { reference: `Encounter/${encounter}` }, valueQuantity: { value } }, p.id, encounter);
      }),
    ];
  });
  await db.kysely.insertInto('fhir_resource').values(rows as never).execute();
}
if (db.kind === 'pg') await db.exec('analyze participant; analyze fhir_resource');

const user = { username: 'bench-expert', organisation: ORG, organisationId: null, roles: ['ClinicalExpert'] } as unknown as SessionUser;
const notebook = await createNotebook(db, user, { name: 'Bench', description: '' });
const results: Record<string, unknown> = { participants: PARTICIPANTS, database: db.kind };
for (const analysis of [
  { type: 'kmeans', features: ['moca', 'fga', 'mnasf'], k: 4, maxIterations: 100 },
  { type: 'descriptive', scores: ['moca', 'fga', 'mnasf'], groupBy: 'ageBand' },
]) {
  const input = analyticSchema.parse({ name: analysis.type, dataSource: {}, analysis, charts: analysis.type === 'kmeans' ? ['scatter'] : ['boxplot'] });
  const analytic = await createAnalytic(db, user, notebook.id, input);
  const started = performance.now();
  await drainQueue(db, 'bench');
  const ms = Math.round(performance.now() - started);
  const run = await getRun(db, user, analytic.runs[0]!.id);
  if (run.state !== 'Completed') throw new Error(`${analysis.type}: ${run.state} ${JSON.stringify(run.error)}`);
  results[analysis.type] = { msToCompleted: ms, participantsInSnapshot: run.participants };
}
console.log(JSON.stringify(results, null, 2));
await db.close();
