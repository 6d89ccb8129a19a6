import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homePilot, organisationByAbbr } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { demoAssessments } from '../assessments/demo.ts';
import { demoAnalytics } from '../analytics/demo.ts';
import { DEMO_ORGANISATION } from '../demo/accounts.ts';
import { demoParticipants } from '../demo/participants.ts';
import { openTestDb } from '../test/context.ts';
import { demoHomeStatistics } from './demo.ts';
import { homeStatistics, pairsTab } from './service.ts';
import { sql } from 'kysely';
import { PROFILING_ID } from '@geria/domain/rules/assessment-profiling.ts';
import { INSTRUMENT_SCORE_SYSTEM } from '../questionnaires/derived-observations.ts';
import type { ValueName } from './queries.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDb());
});
afterAll(async () => { await drop?.(); });

describe('demo home statistics', () => {
  it('gives every Home chart of the demo organisation content, once', { timeout: 120_000 }, async () => {
    await demoParticipants(db, { participants: 80 });
    await demoAssessments(db, { participants: 80 });
    await demoAnalytics(db, { participants: 80 });
    await demoHomeStatistics(db, { participants: 80 });
    const organisation = organisationByAbbr(DEMO_ORGANISATION)!;
    const scope = { organisation: organisation.abbr, orgid: organisation.orgid, pilot: homePilot(DEMO_ORGANISATION)!.pilotid };
    const stats = await homeStatistics(db, scope);
    for (const box of stats.health.boxPlots) expect(box.byAssessment.length, box.name).toBeGreaterThan(0);
    expect(stats.health.boxPlots.find((b) => b.name === 'moca')!.byAssessment.map((b) => b.number)).toEqual([1, 2]);
    for (const d of stats.health.distributions) expect(d.values.length, d.name).toBeGreaterThan(1);
    for (const p of [...stats.correlation.pairs, ...stats.falls.pairs]) expect(p.n, `${p.y}/${p.x}`).toBeGreaterThan(2);
    expect(stats.demographics.comorbidities.map((c) => c.a)).toEqual(expect.arrayContaining(['hypertension', 'frailty']));
    expect(stats.demographics.comorbidityPairs.length).toBeGreaterThan(0);
    expect(stats.demographics.smokingByGender.length).toBeGreaterThan(1);
    // The cigarettes card: current smokers of both genders in every band of cigarettes a day.
    const cigarettes = stats.overview.clinical!.cigarettes;
    expect(new Set(cigarettes.map((r) => r.gender))).toEqual(new Set(['female', 'male']));
    expect(new Set(cigarettes.map((r) => r.band))).toEqual(new Set(['1-10', '11-20', '21+']));
    expect(stats.overview.clinical!.physicalActivity.some((b) => b.n > 0)).toBe(true);
    expect(stats.overview.clinical!.bmi.some((b) => b.n > 0)).toBe(true);
    const observations = stats.overview.resourcesByType.find((r) => r.key === 'Observation')!.n;
    await demoHomeStatistics(db, { participants: 80 });
    expect((await homeStatistics(db, scope)).overview.resourcesByType.find((r) => r.key === 'Observation')!.n).toBe(observations);
  });

  // Every pair the Home tabs chart (Correlation: EQ VAS and MoCA against each score; Falls: falls in
  // the last year against each), and the pairs a clinician checks the demo against, with the sign
  // the clinical meaning of the scales requires: higher ABC (confidence), FGA (gait), Mini-BESTest
  // (balance), MoCA (cognition), EQ VAS (quality of life) are better; higher PHQ-9 and GDS-15
  // (depression), FES-I (fear of falling) and falls are worse.
  const EXPECTED_SIGNS: [y: ValueName, x: ValueName, sign: 1 | -1][] = [
    ['eqVas', 'phq9', -1], ['eqVas', 'fesi', -1], ['eqVas', 'abc', 1], ['eqVas', 'fga', 1], ['eqVas', 'minibest', 1],
    ['moca', 'phq9', -1], ['moca', 'fesi', -1], ['moca', 'abc', 1], ['moca', 'fga', 1], ['moca', 'minibest', 1],
    ['falls', 'abc', -1], ['falls', 'fga', -1], ['falls', 'minibest', -1], ['falls', 'fesi', 1],
    ['fesi', 'fga', -1], ['fesi', 'minibest', -1], ['fesi', 'abc', -1], ['eqVas', 'gds15', -1], ['eqIndex', 'gds15', -1],
    ['phq9', 'gds15', 1], ['fga', 'minibest', 1],
  ];

  it('shows on every Home correlation the clinically expected sign', { timeout: 60_000 }, async () => {
    const organisation = organisationByAbbr(DEMO_ORGANISATION)!;
    const scope = { organisation: organisation.abbr, orgid: organisation.orgid, pilot: homePilot(DEMO_ORGANISATION)!.pilotid };
    const stats = await homeStatistics(db, scope);
    const shown = [...stats.correlation.pairs, ...stats.falls.pairs].map((p) => `${p.y}/${p.x}`);
    expect(shown.filter((pair) => !EXPECTED_SIGNS.some(([y, x]) => `${y}/${x}` === pair)), 'a Home pair without an expected sign').toEqual([]);
    const found = await Promise.all(EXPECTED_SIGNS.map(async ([y, x, sign]) => {
      const [pair] = await pairsTab(db, scope, [y], [x]);
      return { pair: `${y}/${x}`, sign: pair!.r === null ? 0 : Math.sign(pair!.r), n: pair!.n, expected: sign };
    }));
    for (const f of found) expect(f.n, f.pair).toBeGreaterThan(10);
    expect(found.map((f) => `${f.pair} ${f.sign}`)).toEqual(found.map((f) => `${f.pair} ${f.expected}`));
  });

  it('derives one score Observation per questionnaire response, from it', async () => {
    const { rows } = await sql<{ instrument: string; responses: number; scores: number; unlinked: number }>`
      with responses as (
        select id, split_part(split_part(content->>'questionnaire', '|', 1), '/', -1) as instrument
        from fhir_resource where resource_type = 'QuestionnaireResponse' and not deleted),
      scores as (
        select content->'code'->'coding'->0->>'code' as instrument, content->'derivedFrom'->0->>'reference' as source
        from fhir_resource where resource_type = 'Observation' and not deleted and content->'code'->'coding'->0->>'system' = ${INSTRUMENT_SCORE_SYSTEM}
          -- The total's code is the instrument's id (subscales add segments).
          and position('.' in content->'code'->'coding'->0->>'code') = 0)
      select i.instrument, (select count(*)::int from responses r where r.instrument = i.instrument) as responses,
        (select count(*)::int from scores s where s.instrument = i.instrument) as scores,
        (select count(*)::int from scores s where s.instrument = i.instrument
          and not exists (select 1 from responses r where 'QuestionnaireResponse/' || r.id = s.source and r.instrument = i.instrument)) as unlinked
      from (select distinct instrument from responses union select distinct instrument from scores) i
      where i.instrument <> ${PROFILING_ID} order by 1`.execute(db.kysely);
    expect(rows.length).toBeGreaterThan(8);
    expect(rows.filter((r) => r.responses !== r.scores || r.unlinked > 0)).toEqual([]);
  });
});
