import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/context.ts';
import type { Db } from '../db/connection.ts';
import { fhirService } from '../fhir/service.ts';
import { demoParticipants, insertParticipants, participantCount } from './participants.ts';
import { REFERRAL_SOURCES } from './referral-sources.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => { ({ db, drop } = await openTestDb()); });
afterAll(async () => { await drop?.(); });

describe('demo participants', () => {
  it('creates the demo study once, half of it in the demo organisation', async () => {
    await demoParticipants(db, { participants: 300 });
    await demoParticipants(db, { participants: 300 });
    expect(await participantCount(db)).toBe(300);
    const demo = await db.kysely.selectFrom('participant').select((eb) => eb.fn.countAll<number>().as('n')).where('organisation', '=', 'MIL-GER').executeTakeFirstOrThrow();
    expect(Number(demo.n)).toBeGreaterThan(100);
    const devices = await db.kysely.selectFrom('device').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(devices.n)).toBeGreaterThan(300);
    const fhir = fhirService(db).withContext({ kind: 'system', name: 'test' });
    expect((await fhir.search('Patient', { _count: '0' })).total).toBe(300);
    expect((await fhir.search('MedicationStatement', { _count: '0' })).total).toBeGreaterThan(300);
  });

  it('writes each referral source as the staff of the participant\'s site would, in their language', async () => {
    const fhir = fhirService(db).withContext({ kind: 'system', name: 'test' });
    const subjects = (await fhir.search('ResearchSubject', { _count: '300' })).entry!.map((e) => e.resource as { individual: { reference: string }; extension?: { valueString: string }[] });
    const sites = new Map((await db.kysely.selectFrom('participant').select(['id', 'organisation']).execute()).map((p) => [p.id, p.organisation]));
    const written = (abbr: string) => new Set(subjects.filter((s) => sites.get(s.individual.reference.slice('Patient/'.length)) === abbr).map((s) => s.extension?.[0]?.valueString));
    expect([...written('MIL-GER')].every((text) => REFERRAL_SOURCES.Italy!.includes(text!))).toBe(true);
    expect([...written('ATH-GCC')].every((text) => REFERRAL_SOURCES.Hellas!.includes(text!))).toBe(true);
    expect(written('ATH-GCC').size).toBeGreaterThan(1);
  });

  it('adds more participants with another seed without breaking the unique serials and ids', async () => {
    const added = await insertParticipants(db, 1500, 99);
    expect(added).toHaveLength(1500);
    expect(await participantCount(db)).toBe(1800);
  });

  it('keeps each participant\'s latest device use equal to its devices\'', async () => {
    const mismatched = await db.kysely.selectFrom('participant as p')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb('p.last_device_use', 'is distinct from', eb.selectFrom('device').select((d) => d.fn.max('last_used').as('m')).whereRef('device.participant_id', '=', 'p.id')))
      .executeTakeFirstOrThrow();
    expect(Number(mismatched.n)).toBe(0);
  });
});
