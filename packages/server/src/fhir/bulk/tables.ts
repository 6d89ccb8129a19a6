import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Language } from '@geria/domain';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type BulkExportLevel = 'system' | 'patient' | 'group';
export type BulkExportState = 'Queued' | 'Running' | 'Completed' | 'Failed';

/** Tables of migration 155_fhir_bulk_export.sql. */
export interface BulkExportJobTable {
  id: Generated<string>;
  requester: string;
  organisation_id: number | null;
  organisation: string | null;
  level: BulkExportLevel;
  group_id: string | null;
  types: ColumnType<string[], string[], string[]>;
  since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  request: string;
  language: ColumnType<Language, Language | undefined, Language>;
  transaction_time: Timestamp;
  state: ColumnType<BulkExportState, BulkExportState | undefined, BulkExportState>;
  done: Generated<number>;
  total: Generated<number>;
  excluded_participants: number | null;
  error: Json<{ reason: string }> | null;
  worker: string | null;
  queued_at: Timestamp;
  started_at: Timestamp | null;
  heartbeat_at: Timestamp | null;
  finished_at: Timestamp | null;
  expires_at: Timestamp | null;
}

export interface BulkExportFileTable {
  job_id: string;
  seq: number;
  resource_type: string;
  count: number;
  content: string;
}

export type BulkExportJobRow = Selectable<BulkExportJobTable>;

declare module '../../db/types.ts' {
  interface Database {
    bulk_export_job: BulkExportJobTable;
    bulk_export_file: BulkExportFileTable;
  }
}
