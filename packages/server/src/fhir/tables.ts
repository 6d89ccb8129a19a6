import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T = unknown> = ColumnType<T, T | string, T | string>;

/** Current version of each resource and its search values (migration 002_fhir.sql). */
export interface FhirResourceTable {
  resource_type: string;
  id: string;
  version_id: number;
  last_updated: Timestamp;
  deleted: boolean;
  organisation_id: number | null;
  content: Json<Record<string, unknown>> | null;
  patient_id: string | null;
  encounter_id: string | null;
  date_start: Timestamp | null;
  date_end: Timestamp | null;
  tokens: ColumnType<string[], string[], string[]>;
}

/** Every version ever written; rows are only inserted. */
export interface FhirHistoryTable {
  resource_type: string;
  id: string;
  version_id: number;
  last_updated: Timestamp;
  deleted: boolean;
  organisation_id: number | null;
  content: Json<Record<string, unknown>> | null;
  /** The interaction that wrote the version (migration 110); null on versions written before. */
  method: HistoryMethod | null;
}

export type HistoryMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

declare module '../db/types.ts' {
  interface Database {
    fhir_resource: FhirResourceTable;
    fhir_history: FhirHistoryTable;
  }
}
