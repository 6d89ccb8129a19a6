import { analyticSchema, type AnalyticInput } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { DEMO_ORGANISATION } from '../demo/accounts.ts';
import type { DemoGenerator } from '../demo/study.ts';

const OWNER = 'demo-expert';

const DEMO_ANALYTICS: AnalyticInput[] = [
  { name: 'Intrinsic capacity of the cohort', tags: ['ic'], dataSource: {}, analysis: { type: 'intrinsic_capacity' }, charts: ['radar', 'table'] },
  { name: 'Cognition and mobility clusters', tags: ['clusters'], dataSource: {}, analysis: { type: 'kmeans', features: ['moca', 'fga', 'mnasf'], k: 3 }, charts: ['scatter', 'centroids'] },
];

/**
 * The demo clinical expert's notebook, whose analytics are queued so the server's runner completes
 * them at start. They read the score Observations of the demo responses (see stats/demo.ts): the
 * demo writes no score without its response.
 */
export const demoAnalytics: DemoGenerator = async (db: Db) => {
  if (await db.kysely.selectFrom('notebook').select('id').where('organisation', '=', DEMO_ORGANISATION).executeTakeFirst()) return;
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
