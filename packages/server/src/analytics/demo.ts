import { analyticSchema, scoreInstrument, fromResponseItems, type AnalyticInput } from '@geria/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { fhirService } from '../fhir/service.ts';
import { DEMO_ORGANISATION } from '../demo/accounts.ts';
import { seededRandom } from '../demo/random.ts';
import type { DemoGenerator } from '../demo/study.ts';
import { INSTRUMENT_SCORE_SYSTEM } from '../questionnaires/derived-observations.ts';

const OWNER = 'demo-expert';

const DEMO_ANALYTICS: AnalyticInput[] = [
  { name: 'Intrinsic capacity of the cohort', tags: ['ic'], dataSource: {}, analysis: { type: 'intrinsic_capacity' }, charts: ['radar', 'table'] },
  { name: 'Cognition and mobility clusters', tags: ['clusters'], dataSource: {}, analysis: { type: 'kmeans', features: ['moca', 'fga', 'mnasf'], k: 3 }, charts: ['scatter', 'centroids'] },
];

/**
 * Demo scores for analytics: the instrument-score Observations of each demo assessment (MoCA from
 * its response, FGA, MNA-SF and GDS-15 drawn, declining at follow-up for some), and a notebook of the
 * demo clinical expert whose analytics are queued, so the server's runner completes them at start.
 */
export const demoAnalytics: DemoGenerator = async (db: Db) => {
  if (await db.kysely.selectFrom('notebook').select('id').where('organisation', '=', DEMO_ORGANISATION).executeTakeFirst()) return;
  const encounters = await db.kysely.selectFrom('fhir_resource as e').innerJoin('participant as p', (j) => j.onRef(sql`p.id::text`, '=', 'e.patient_id'))
    .select(['e.id', 'e.patient_id', sql<string>`e.content->'period'->>'start'`.as('start'),
      (eb) => eb.selectFrom('fhir_resource as r').select('r.content').whereRef('r.encounter_id', '=', 'e.id').where('r.resource_type', '=', 'QuestionnaireResponse')
        .where(sql<boolean>`r.content->>'questionnaire' like '%/moca%'`).limit(1).as('moca')])
    .where('e.resource_type', '=', 'Encounter').where('p.organisation', '=', DEMO_ORGANISATION).orderBy('e.patient_id').orderBy('start').execute();
  const random = seededRandom(14);
  const fhir = fhirService(db).withContext({ kind: 'system', name: 'demo' });
  const seen = new Map<string, number>();
  await fhir.writing(async (session) => {
    for (const e of encounters) {
      const response = e.moca as { item?: never[] } | null;
      if (!response) continue;
      const moca = scoreInstrument('moca', fromResponseItems(response.item ?? [])).total;
      // A follow-up of a frail participant loses function (the analytics alerts show them).
      const decline = seen.has(e.patient_id!) && random.chance(0.4) ? random.int(3, 8) : 0;
      seen.set(e.patient_id!, 1);
      const scores: Record<string, number> = {
        ...(typeof moca === 'number' && { moca }),
        fga: Math.max(0, random.int(14, 30) - decline), mnasf: Math.max(0, random.int(8, 14) - Math.ceil(decline / 2)), gds15: Math.min(15, random.int(0, 8) + decline),
      };
      for (const [code, value] of Object.entries(scores)) {
        await session.create({
          resourceType: 'Observation', status: 'final', code: { coding: [{ system: INSTRUMENT_SCORE_SYSTEM, code }] },
          subject: { reference: `Patient/${e.patient_id}` }, encounter: { reference: `Encounter/${e.id}` }, effectiveDateTime: e.start,
          valueQuantity: { value, unit: '{score}' },
        } as never);
      }
    }
  });
  await db.kysely.transaction().execute(async (tx) => {
    const notebook = await tx.insertInto('notebook').values({ name: 'Cohort overview', description: 'Demo analytics of the study cohort', owner: OWNER, organisation: DEMO_ORGANISATION })
      .returning('id').executeTakeFirstOrThrow();
    for (const input of DEMO_ANALYTICS) {
      const analytic = analyticSchema.parse(input);
      const row = await tx.insertInto('analytic').values({
        notebook_id: notebook.id, name: analytic.name, description: analytic.description, tags: analytic.tags, owner: OWNER, organisation: DEMO_ORGANISATION,
        definition: JSON.stringify({ dataSource: analytic.dataSource, analysis: analytic.analysis, charts: analytic.charts }),
      }).returning('id').executeTakeFirstOrThrow();
      await tx.insertInto('analytic_run').values({ analytic_id: row.id, parameters: JSON.stringify(analytic), created_by: OWNER }).execute();
    }
  });
};
