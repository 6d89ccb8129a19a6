import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Analytic, AnalysisResult, AnalyticDefinition, RunError, RunState, ScoreRow } from '@geria/domain';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** Tables of migration 009_analytics.sql. */
export interface NotebookTable {
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  owner: string;
  organisation: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AnalyticTable {
  id: Generated<string>;
  notebook_id: string;
  name: string;
  description: Generated<string>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  definition: Json<AnalyticDefinition>;
  owner: string;
  organisation: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AnalyticRunTable {
  id: Generated<string>;
  analytic_id: string;
  state: ColumnType<RunState, RunState | undefined, RunState>;
  requested: 'stop' | 'interrupt' | null;
  progress: Generated<number>;
  parameters: Json<Analytic>;
  snapshot: Json<ScoreRow[]> | null;
  result: Json<AnalysisResult> | null;
  error: Json<RunError> | null;
  worker: string | null;
  created_by: string;
  queued_at: Timestamp;
  started_at: Timestamp | null;
  heartbeat_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export type RunRow = Selectable<AnalyticRunTable>;

declare module '../db/types.ts' {
  interface Database {
    notebook: NotebookTable;
    analytic: AnalyticTable;
    analytic_run: AnalyticRunTable;
  }
}
