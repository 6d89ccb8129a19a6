/**
 * Intervention rules benchmark: the cost of evaluating rules as Observations arrive. Ingests
 * transactions of 100 device Observations (heart rate, weight, blood pressure, steps) through the
 * FHIR service with no active rule, then with 50 organisation-wide rules, then with the same 50
 * rules targeting a cohort by condition profile (half the participants are profiled frail, so each
 * bundle also reads its participant's profiling), and prints observations/s.
 *
 *   npx tsx bench/interventions.ts [--patients 200] [--transactions 30]
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { interventionRuleSchema, sessionUserFromClaims, type InterventionRuleInput } from '@geria/domain';
import { PROFILING_QUESTIONNAIRE, profilingResponseItems } from '@geria/domain/rules/assessment-profiling.ts';
import { openPglite, openPostgres } from '../packages/server/src/db/connection.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { fhirService } from '../packages/server/src/fhir/service.ts';
import { registerFhirWriteHook } from '../packages/server/src/fhir/write-hooks.ts';
import { evaluateObservationWrites } from '../packages/server/src/interventions/evaluate.ts';

const { values: args } = parseArgs({ options: { patients: { type: 'string' }, transactions: { type: 'string' } } });
const PATIENTS = Number(args.patients ?? 200);
const TRANSACTIONS = Number(args.transactions ?? 30);
const LOINC = 'http://loinc.org';
const DAY = 86_400_000;

const quantity = (code: string, value: number, unit: string) => ({ code: { coding: [{ system: LOINC, code }] }, valueQuantity: { value, unit } });
const reading = (): Record<string, unknown> => {
  const r = Math.random();
  // Mostly unremarkable values, as real device data is: about 1 % of readings is out of range.
  if (r < 0.4) return quantity('8867-4', Math.random() < 0.01 ? 120 : 60 + Math.round(Math.random() * 35), '/min');
  if (r < 0.6) return quantity('29463-7', 70 + Math.round(Math.random() * 10) / 10, 'kg');
  if (r < 0.8) return quantity('41950-7', Math.round(Math.random() * 8000), 'steps');
  return { code: { coding: [{ system: LOINC, code: '85354-9' }] }, component: [quantity('8480-6', 110 + Math.round(Math.random() * 25), 'mm[Hg]'), quantity('8462-4', 65 + Math.round(Math.random() * 20), 'mm[Hg]')] };
};
const bundleOf = (patientId: string) => ({
  resourceType: 'Bundle', type: 'transaction',
  entry: Array.from({ length: 100 }, () => ({
    fullUrl: `urn:uuid:${randomUUID()}`, request: { method: 'POST', url: 'Observation' },
    resource: { resourceType: 'Observation', status: 'final', subject: { reference: `Patient/${patientId}` }, effectiveDateTime: new Date(Date.now() - Math.random() * 30 * DAY).toISOString(), ...reading() },
  })),
});

const base: Pick<InterventionRuleInput, 'target' | 'priority' | 'channels' | 'app' | 'language' | 'message'> = {
  target: { kind: 'organisation' }, priority: 'medium', channels: ['app', 'managers'], app: 'bench', language: 'en', message: '{{value}} {{unit}}',
};
const RULE_KINDS: InterventionRuleInput[] = [
  { ...base, name: 'hr', type: 'heartRate', thresholds: { extremeLow: 40, optimalLow: 55, optimalHigh: 100, extremeHigh: 130 } },
  { ...base, name: 'bp', type: 'bloodPressure', thresholds: { extremeLow: 70, optimalLow: 90, optimalHigh: 140, extremeHigh: 180 }, diastolicThresholds: { extremeLow: 40, optimalLow: 60, optimalHigh: 90, extremeHigh: 110 } },
  { ...base, name: 'loss', type: 'weightLoss', operator: 'gt', value: 3, windowDays: 30 },
  { ...base, name: 'gain', type: 'weightGain', operator: 'gt', value: 3, windowDays: 30 },
  { ...base, name: 'bmi', type: 'bmi', operator: 'gte', value: 30 },
];

async function main() {
  const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite();
  await migrate(db);
  const user = sessionUserFromClaims({ sub: 'bench', preferred_username: 'bench-ccm', organisation: 'MIL-GER', realm_access: { roles: ['CCM'] } });
  const fhir = fhirService(db).withContext({ kind: 'user', user });
  const ids: string[] = [];
  for (let i = 0; i < PATIENTS; i++) {
    const { id } = await fhir.create({ resourceType: 'Patient', managingOrganization: { reference: 'Organization/8' }, gender: 'female', birthDate: '1948-05-17' } as never);
    ids.push(id);
  }
  await db.kysely.insertInto('participant').values(ids.map((id, i) => ({
    id, first_name: 'Bench', last_name: String(i), organisation: 'MIL-GER', pilot: 2, creator: 'bench-ccm', recruitment: 1,
    ccmids: JSON.stringify([{ ccmid: 'bench-ccm', accepted: true, notifications: true }]),
  }))).execute();
  registerFhirWriteHook(evaluateObservationWrites);

  const run = async () => {
    for (let i = 0; i < 2; i++) await fhir.bundle(bundleOf(ids[i % ids.length]!) as never);
    const start = performance.now();
    for (let i = 0; i < TRANSACTIONS; i++) await fhir.bundle(bundleOf(ids[Math.floor(Math.random() * ids.length)]!) as never);
    return Math.round((TRANSACTIONS * 100) / ((performance.now() - start) / 1000));
  };
  const none = await run();
  await db.kysely.insertInto('intervention_rule').values(Array.from({ length: 50 }, (_, i) => {
    const rule = interventionRuleSchema.parse({ ...RULE_KINDS[i % RULE_KINDS.length]!, name: `bench ${i}` });
    return { organisation: 'MIL-GER', name: rule.name, type: rule.type, definition: JSON.stringify(rule), created_by: 'bench' };
  })).execute();
  const fifty = await run();
  const countFirings = async () => Number((await db.kysely.selectFrom('intervention_firing').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const fiftyFirings = await countFirings();
  for (const [i, id] of ids.entries()) {
    if (i % 2) continue;
    await fhir.create({
      resourceType: 'QuestionnaireResponse', questionnaire: PROFILING_QUESTIONNAIRE, status: 'completed', subject: { reference: `Patient/${id}` },
      item: profilingResponseItems({ hearingLoss: false, cardiovascular: true, frailty: true, cognitive: false, mental: false, balance: false, backPain: false }),
    } as never);
  }
  // Deleting the rules deletes their firings (counted above).
  await db.kysely.deleteFrom('intervention_rule').execute();
  await db.kysely.insertInto('intervention_rule').values(Array.from({ length: 50 }, (_, i) => {
    const rule = interventionRuleSchema.parse({ ...RULE_KINDS[i % RULE_KINDS.length]!, name: `bench cohort ${i}`, target: { kind: 'cohort', conditions: ['frailty', 'balance'] } });
    return { organisation: 'MIL-GER', name: rule.name, type: rule.type, definition: JSON.stringify(rule), created_by: 'bench' };
  })).execute();
  const cohort = await run();
  console.log(JSON.stringify({
    database: db.kind, patients: PATIENTS, observations: TRANSACTIONS * 100,
    observationsPerSecond: { noRules: none, fiftyRules: fifty, fiftyConditionCohortRules: cohort },
    overheadPercent: Math.round((1 - fifty / none) * 100), conditionCohortOverheadPercent: Math.round((1 - cohort / none) * 100), firings: { fiftyRules: fiftyFirings, fiftyConditionCohortRules: await countFirings() },
  }, null, 2));
  await db.close();
}

await main();
