import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ExportState } from '@geria/domain/exports/index.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
type BigCount = ColumnType<string | number, number | undefined, number>;

/** Tables of migration 150_dataset_export.sql. */
export interface DatasetExportTable {
  id: Generated<string>;
  organisation: string;
  created_by: string;
  parameters: Json<unknown>;
  pseudonym_key: string;
  state: ColumnType<ExportState, ExportState | undefined, ExportState>;
  cancel_requested: Generated<boolean>;
  progress: Generated<number>;
  participants: number | null;
  excluded: number | null;
  data_rows: BigCount | null;
  bytes: BigCount | null;
  sha256: string | null;
  error: Json<unknown> | null;
  worker: string | null;
  queued_at: Timestamp;
  started_at: Timestamp | null;
  heartbeat_at: Timestamp | null;
  finished_at: Timestamp | null;
  expires_at: Timestamp | null;
  file_deleted_at: Timestamp | null;
}

export interface DatasetExportChunkTable {
  export_id: string;
  seq: number;
  data: Uint8Array;
}

export type ExportRow = Selectable<DatasetExportTable>;

declare module '../db/types.ts' {
  interface Database {
    dataset_export: DatasetExportTable;
    dataset_export_chunk: DatasetExportChunkTable;
  }
}
