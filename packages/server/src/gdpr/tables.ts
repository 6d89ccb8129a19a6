import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | null | undefined, string | null>;

/** Tables of migration 010_gdpr.sql. */
export interface GdprRequestTable {
  id: Generated<string>;
  participant_id: string;
  organisation: string;
  right_number: number;
  about: string;
  description: Generated<string>;
  status: Generated<string>;
  creator: string;
  executed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  executed_by: string | null;
  outcome: Json<Record<string, unknown> | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GdprRequestFileTable {
  id: Generated<string>;
  request_id: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  origin: 'uploaded' | 'generated';
  upload_status: Generated<'uploaded' | 'failed'>;
  content: Uint8Array;
  uploaded_by: string;
  created_at: Timestamp;
}

export interface GdprRequestLogTable {
  id: Generated<string>;
  request_id: string;
  at: Timestamp;
  actor: string;
  step: string;
  details: Json<Record<string, unknown> | null>;
}

export type GdprRequestRow = Selectable<GdprRequestTable>;

declare module '../db/types.ts' {
  interface Database {
    gdpr_request: GdprRequestTable;
    gdpr_request_file: GdprRequestFileTable;
    gdpr_request_log: GdprRequestLogTable;
  }
}
