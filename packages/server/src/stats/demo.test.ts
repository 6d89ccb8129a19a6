import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homePilot, organisationByAbbr } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { demoAssessments } from '../assessments/demo.ts';
import { DEMO_ORGANISATION } from '../demo/accounts.ts';
import { demoParticipants } from '../demo/participants.ts';
import { openTestDb } from '../test/context.ts';
import { registerFhirWriteHook } from '../fhir/write-hooks.ts';
import { demoHomeStatistics } from './demo.ts';
import { statValuesHook } from './values-index.ts';
import { homeStatistics } from './service.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  registerFhirWriteHook(statValuesHook);
  ({ db, drop } = await openTestDb());
});
afterAll(async () => { await drop?.(); });

describe('demo home statistics', () => {
  it('gives every Home chart of the demo organisation content, once', { timeout: 120_000 }, async () => {
    await demoParticipants(db, { participants: 80 });
    await demoAssessments(db, { participants: 80 });
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
    // The cigarettes card: smokers, former and never smokers among both genders.
    const cigarettes = stats.overview.clinical!.cigarettes;
    expect(new Set(cigarettes.map((r) => r.gender)).size).toBeGreaterThan(1);
    expect(new Set(cigarettes.map((r) => r.smoking))).toEqual(new Set(['never', 'former', 'current']));
    expect(stats.overview.clinical!.physicalActivity.some((b) => b.n > 0)).toBe(true);
    expect(stats.overview.clinical!.bmi.some((b) => b.n > 0)).toBe(true);
    const observations = stats.overview.resourcesByType.find((r) => r.key === 'Observation')!.n;
    await demoHomeStatistics(db, { participants: 80 });
    expect((await homeStatistics(db, scope)).overview.resourcesByType.find((r) => r.key === 'Observation')!.n).toBe(observations);
  });
});
