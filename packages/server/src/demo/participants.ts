import { sql } from 'kysely';
import {
  DEVICE_TYPES, IDENTITY_STATUSES,
} from '@geria/domain/rules/participants-record.ts';
import { IDENTITY_SCOPES, organisationByAbbr, RECRUITMENT_STATUS, recruitmentStatusFromCode, TESTING_PILOT_ID } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { normalisePhone } from '../participants/phone.ts';
import { fhirService } from '../fhir/service.ts';
import { patientOf, researchSubjectOf } from '../participants/fhir-link.ts';
import { demoClinicalResources } from './participant-clinical.ts';
import { COUNTRY_CODES } from './country-codes.ts';
import { demoName, NAMES } from './participant-names.ts';
import { REFERRAL_SOURCES } from './referral-sources.ts';
import { seededRandom, type Random } from './random.ts';
import type { DemoGenerator } from './study.ts';
import { DEMO_ORGANISATION } from './accounts.ts';

const DAY = 86_400_000;
const BATCH = 1000;

/** Half the demo study is in the demo accounts' organisation, the rest in one centre per other pilot. */
const ORGANISATION_WEIGHTS = [
  [DEMO_ORGANISATION, 50], ['LIS-ECC', 10], ['ATH-GCC', 10], ['PAR-GER', 10], ['MAD-GER', 10], ['BUC-GER', 10],
] as const;

const STATUS_WEIGHTS = [
  [RECRUITMENT_STATUS.pending, 30], [RECRUITMENT_STATUS.accepted, 45], [RECRUITMENT_STATUS.riskExclusion, 5],
  [RECRUITMENT_STATUS.excluded, 5], [RECRUITMENT_STATUS.withdrawn, 8], [RECRUITMENT_STATUS.completed, 7],
] as const;

const ascii = (text: string) => text.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/\s+/g, '.').toLowerCase();
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface GeneratedParticipant {
  id: string;
  organisation: string;
  orgid: number;
  birthYear: number;
  createdAt: Date;
}

/** One synthetic participant with its devices and external ids; `n` makes serials and ids unique within the run. */
function participant(random: Random, n: number, run: string, now: number) {
  const abbr = random.weighted(ORGANISATION_WEIGHTS);
  const organisation = organisationByAbbr(abbr)!;
  const names = NAMES[organisation.country] ?? NAMES.Italy!;
  const { firstName, lastName, gender } = demoName(organisation.country, (items) => random.pick(items));
  const pilot = organisation.pilotids.find((p) => p.pilotid !== TESTING_PILOT_ID)!.pilotid;
  const createdAt = now - random.int(1, 540) * DAY - random.int(0, DAY);
  const updatedAt = Math.min(now, createdAt + random.int(0, 120) * DAY);
  const recruitment = random.weighted(STATUS_WEIGHTS);
  const phone = random.chance(0.8) ? normalisePhone({ number: names.phone(() => String(random.int(0, 9))), country: COUNTRY_CODES[organisation.country]! }) : null;
  const id = random.uuid();
  const local = `${ascii(firstName)}.${ascii(lastName)}.${n}`;
  const devices = Array.from({ length: random.int(0, 4) }, (_, k) => {
    const used = random.chance(0.85) ? now - random.int(0, 25) * DAY - random.int(0, DAY) : null;
    return {
      participant_id: id, type: random.pick(DEVICE_TYPES), serial: `${run}-${n}-${k}`, number: k + 1,
      status: random.weighted([['active', 80], ['suspended', 10], ['inactive', 10]] as const),
      last_used: used === null ? null : new Date(used),
    };
  });
  const identities = (Object.values(IDENTITY_SCOPES) as number[]).flatMap((scope) => {
    if (!random.chance(scope === IDENTITY_SCOPES.healthDataApp ? 0.7 : 0.4)) return [];
    const value = (status: number, k: number) => ({ participant_id: id, scope, status, identity_id: `${['HB', 'S4H', 'SES'][scope - 1]}-${run}-${n}-${k}` });
    const current = value(random.chance(0.9) ? IDENTITY_STATUSES.active : IDENTITY_STATUSES.created, 0);
    return random.chance(0.1) ? [current, value(IDENTITY_STATUSES.deactivated, 1)] : [current];
  });
  const lastUse = devices.reduce<number | null>((latest, d) => (d.last_used && (!latest || d.last_used.getTime() > latest) ? d.last_used.getTime() : latest), null);
  const creator = abbr === DEMO_ORGANISATION ? random.pick(['demo-ccm', 'demo-expert']) : `ccm-${abbr.toLowerCase()}`;
  return {
    row: {
      id, first_name: firstName, last_name: lastName, sb_email: `${local}@study.geria.example.org`,
      caregiver_emails: random.chance(0.5) ? [`caregiver.${local}@example.org`] : [],
      ccmids: JSON.stringify(abbr === DEMO_ORGANISATION ? [{ ccmid: 'demo-ccm', accepted: true, notifications: random.chance(0.7) }] : []),
      organisation: abbr, pilot,
      contact_phone: phone?.ok ? phone.phone?.e164 ?? null : null,
      contact_phone_country: phone?.ok ? phone.phone?.country ?? null : null,
      recruitment, drop_off: recruitment === RECRUITMENT_STATUS.withdrawn ? isoDay(updatedAt) : null,
      consent_date: isoDay(createdAt), creator,
      created_at: new Date(createdAt), updated_at: new Date(updatedAt), last_device_use: lastUse === null ? null : new Date(lastUse),
    },
    devices,
    identities,
    summary: { id, organisation: abbr, orgid: organisation.orgid, country: organisation.country, recruitment, gender, birthYear: new Date(now).getUTCFullYear() - random.int(62, 94), createdAt: new Date(createdAt) },
  };
}

/**
 * Inserts `count` synthetic participants with devices and external ids, a thousand rows per
 * statement. `seed` makes the study reproducible; serials and ids carry it, so runs do not collide.
 */
export async function insertParticipants(db: Db, count: number, seed: number, options: { clinical?: boolean; now?: number } = {}): Promise<GeneratedParticipant[]> {
  const now = options.now ?? Date.now();
  const random = seededRandom(seed);
  const run = seed.toString(36).toUpperCase();
  const generated: GeneratedParticipant[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => participant(random, start + i, run, now));
    await db.kysely.transaction().execute(async (tx) => {
      await tx.insertInto('participant').values(batch.map((b) => b.row)).execute();
      const devices = batch.flatMap((b) => b.devices);
      if (devices.length) await tx.insertInto('device').values(devices).execute();
      const identities = batch.flatMap((b) => b.identities);
      if (identities.length) await tx.insertInto('identity').values(identities).execute();
      // Each participant's Patient (same id) and ResearchSubject; the demo study adds demographics and medications.
      await fhirService(tx).withContext({ kind: 'system', name: 'demo' }).writing(async (session) => {
        for (const { summary } of batch) {
          await session.create({ ...patientOf(summary.id, summary.orgid), birthDate: `${summary.birthYear}-${String(random.int(1, 12)).padStart(2, '0')}`, gender: summary.gender }, summary.id);
          await session.create(researchSubjectOf(summary.id, {
            status: recruitmentStatusFromCode(summary.recruitment) ?? 'pending',
            sourceOfReferral: random.pick(REFERRAL_SOURCES[summary.country] ?? REFERRAL_SOURCES.Italy!),
          }));
          if (options.clinical) for (const resource of demoClinicalResources(random, summary.id, now)) await session.create(resource);
        }
      });
    });
    generated.push(...batch.map((b) => b.summary));
  }
  return generated;
}

export async function participantCount(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from participant`.execute(db.kysely);
  return rows[0]!.n;
}

/** `npm start`'s demo participants: only on a database without any. */
export const demoParticipants: DemoGenerator = async (db, { participants, log }) => {
  if (participants <= 0 || (await participantCount(db)) > 0) return;
  const started = Date.now();
  await insertParticipants(db, participants, 2026, { clinical: true });
  log?.(`demo study: ${participants} participants in ${Date.now() - started} ms`);
};
