import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateOnly = ColumnType<string, string | null | undefined, string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface CareManagerRow { ccmid: string; accepted: boolean; notifications: boolean }

/** Tables of migrations 004_participants.sql and 007_processing_rights.sql. */
export interface ParticipantTable {
  id: string;
  first_name: string;
  last_name: string;
  sb_email: string | null;
  caregiver_emails: ColumnType<string[], string[] | undefined, string[]>;
  ccmids: Json<CareManagerRow[]>;
  organisation: string;
  pilot: number;
  contact_phone: string | null;
  contact_phone_country: string | null;
  recruitment: Generated<number>;
  drop_off: DateOnly | null;
  project_identifier: string | null;
  age_years: number | null;
  age_recorded_on: DateOnly | null;
  consent_date: DateOnly | null;
  consent_withdrawal_date: DateOnly | null;
  smartphone_imei: string | null;
  creator: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_device_use: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** GDPR rights 5, 7, 8 (migration 007); `processing_excluded` is generated from them. */
  processing_restricted: Generated<boolean>;
  processing_objected: Generated<boolean>;
  automated_decisions_objected: Generated<boolean>;
  processing_excluded: ColumnType<boolean, never, never>;
}

export interface DeviceTable {
  id: Generated<string>;
  participant_id: string;
  type: string;
  serial: string;
  number: number | null;
  status: string;
  last_used: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IdentityTable {
  id: Generated<string>;
  participant_id: string;
  scope: number;
  status: number;
  identity_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ParticipantRow = Selectable<ParticipantTable>;
export type DeviceRow = Selectable<DeviceTable>;
export type IdentityRow = Selectable<IdentityTable>;

declare module '../db/types.ts' {
  interface Database {
    participant: ParticipantTable;
    device: DeviceTable;
    identity: IdentityTable;
  }
}
