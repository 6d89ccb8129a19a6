import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';
import type { CareManagerRow } from './tables.ts';
import { StatementTemplates } from '../db/statement-templates.ts';

type Executor = Db['kysely'] | Transaction<Database>;

/** Dates travel as 'YYYY-MM-DD' text: the drivers would otherwise turn them into local-time Dates. */
const day = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** The participant row the record is made of (one participant, by id). */
export const recordRow = (db: Executor, id: string) => db.selectFrom('participant')
  .select([
    'id', 'first_name', 'last_name', 'sb_email', 'caregiver_emails', 'ccmids', 'organisation', 'pilot',
    'contact_phone', 'contact_phone_country', 'recruitment', 'creator', 'created_at', 'updated_at', 'last_device_use',
    'project_identifier', 'age_years', 'smartphone_imei', 'processing_restricted', 'processing_objected', 'automated_decisions_objected',
    day('drop_off').as('drop_off'), day('age_recorded_on').as('age_recorded_on'),
    day('consent_date').as('consent_date'), day('consent_withdrawal_date').as('consent_withdrawal_date'),
  ])
  .where('id', '=', id);

/** The row as the driver gives it, or as row_to_json does (timestamps as text then). */
export type RecordRow = Omit<NonNullable<Awaited<ReturnType<ReturnType<typeof recordRow>['executeTakeFirst']>>>, 'created_at' | 'updated_at' | 'last_device_use'>
  & { created_at: Date | string; updated_at: Date | string; last_device_use: Date | string | null };

/** The participant record as the API sends it (SPEC §3 field names). */
export function toRecord(row: RecordRow) {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    SB_Email: row.sb_email,
    caregiverEmails: row.caregiver_emails,
    ccmids: row.ccmids as CareManagerRow[],
    organisation: row.organisation,
    pilot: row.pilot,
    contactPhone: row.contact_phone ? { number: row.contact_phone, country: row.contact_phone_country } : null,
    recruitment: row.recruitment,
    dropOff: row.drop_off,
    creator: row.creator,
    participantConcentData: { consentDate: row.consent_date, withdrawalDate: row.consent_withdrawal_date },
    projectIdentifier: row.project_identifier,
    age: row.age_years === null ? null : { years: row.age_years, recordedOn: row.age_recorded_on },
    smartphoneImei: row.smartphone_imei,
    createdAt: new Date(row.created_at).toISOString(),
    lastUpdated: new Date(row.updated_at).toISOString(),
    lastDeviceUse: row.last_device_use ? new Date(row.last_device_use).toISOString() : null,
    /** GDPR rights 5, 7, 8 carried out: the participant is left out of analytics and interventions. */
    processing: { restricted: row.processing_restricted, objected: row.processing_objected, automatedDecisionsObjected: row.automated_decisions_objected },
  };
}

// Compiled once: from one participant to the next only the id changes (building it with Kysely was
// a seventh of the record answer's server CPU).
const recordStatements = new StatementTemplates<undefined>();

export async function readRecord(db: Executor, id: string) {
  const { query } = recordStatements.get('record', [id], ([value]) => ({ compiled: recordRow(db, value).compile(), read: undefined }));
  const row = (await db.executeQuery(query)).rows[0] as RecordRow | undefined;
  return row ? toRecord(row) : undefined;
}
export type ParticipantRecord = ReturnType<typeof toRecord>;
