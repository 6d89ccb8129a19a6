import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin } from 'kysely';
import { homePilot, organisationByAbbr, patientAlerts, RECRUITMENT_STATUS, type PatientAlertValue } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { insertParticipants } from '../demo/participants.ts';
import { openTestDb } from '../test/context.ts';
import { patientAlertPage, type PatientAlertRow, type StatsScope } from './service.ts';

/**
 * Home's patient alerts (issue 36): found, counted and paged by the database under the domain's
 * rules, so that a page of 50 costs a page of 50, not every participant's alert values.
 */
let db: Db;
let drop: () => Promise<void>;
const ORG = organisationByAbbr('MIL-GER')!;
const scope: StatsScope = { organisation: ORG.abbr, orgid: ORG.orgid, pilot: homePilot('MIL-GER')!.pilotid };
/** Each participant's latest alert values and whether it is at risk of exclusion, by name. */
const fixture = new Map<string, { id: string; latest: Partial<Record<PatientAlertValue, number | null>>; risk: boolean }>();

// Every value on each side of its rule's bounds, in turn.
const GRID: Record<PatientAlertValue, (number | null)[]> = { gds15: [11, 12, null], iadl: [2, 3, null, 8], efs: [11, 12, 17, 18, null], phq9Item9: [0, 1] };

beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  const participants = await insertParticipants(db, 60, 36);
  for (const [i, { id }] of participants.entries()) {
    // Names that sort alike in every collation; numbered out of the ids' order.
    const name = `N${String((i * 37) % 60).padStart(3, '0')}`;
    const latest = Object.fromEntries(Object.entries(GRID).map(([value, options], k) => [value, options[(i + k * i) % options.length]!]));
    const risk = i % 7 === 0;
    fixture.set(`${name} Alert`, { id, latest, risk });
    await db.kysely.updateTable('participant').set({
      organisation: scope.organisation, pilot: scope.pilot, first_name: name, last_name: 'Alert',
      recruitment: risk ? RECRUITMENT_STATUS.riskExclusion : RECRUITMENT_STATUS.pending,
    }).where('id', '=', id as never).execute();
    await sql`delete from stat_latest where patient_id = ${id}`.execute(db.kysely);
    for (const [value, v] of Object.entries(latest)) {
      await sql`insert into stat_latest (patient_id, name, organisation_id, value) values (${id}, ${value}, ${ORG.orgid}, ${v})`.execute(db.kysely);
    }
  }
});
afterAll(async () => { await drop?.(); });

/** What the domain's rules say of the fixture, by name. */
function expected(): PatientAlertRow[] {
  return [...fixture].flatMap(([name, { id, latest, risk }]) => {
    const alerts: PatientAlertRow['alerts'] = [...patientAlerts(latest), ...(risk ? ['exclusionRisk' as const] : [])];
    return alerts.length ? [{ participantId: id, name, alerts }] : [];
  }).sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The rows each statement of `work` brought back from the database. */
async function rowsRead(work: (counted: Db) => Promise<unknown>) {
  const read: number[] = [];
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => { read.push(result.rows.length); return result; },
  };
  await work({ ...db, kysely: db.kysely.withPlugin(counter) });
  return read;
}

describe('Home patient alerts', () => {
  it('lists by name the participants whose latest values the domain\'s rules alert on, each rule at its bounds, and those at risk of exclusion', async () => {
    const all = expected();
    expect(all.length).toBeGreaterThan(20);
    expect(all.length).toBeLessThan(fixture.size);
    const first = await patientAlertPage(db, scope, 0, 50);
    expect(first).toEqual({ total: all.length, offset: 0, limit: 50, rows: all.slice(0, 50), next: all.length > 50 ? '/api/v1/statistics/patient-alerts?offset=50&limit=50' : null });
  });

  it('pages the whole list by offset and limit, each row once, with the same total on every page', async () => {
    const all = expected();
    const read: PatientAlertRow[] = [];
    for (let offset = 0; ; offset += 7) {
      const page = await patientAlertPage(db, scope, offset, 7);
      expect(page.total).toBe(all.length);
      read.push(...page.rows);
      if (!page.next) break;
      expect(page.next).toBe(`/api/v1/statistics/patient-alerts?offset=${offset + 7}&limit=7`);
    }
    expect(read).toEqual(all);
    expect(await patientAlertPage(db, scope, all.length + 5, 7)).toMatchObject({ total: all.length, rows: [], next: null });
  });

  it('reads from the database the page, not every participant\'s alert values', async () => {
    const read = await rowsRead((counted) => patientAlertPage(counted, scope, 0, 5));
    // One row: the total and the page's participants.
    expect(Math.max(...read)).toBe(1);
  });
});
