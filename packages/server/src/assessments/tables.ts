import type { ColumnType, Generated } from 'kysely';
import type { RuleMessage } from '@geria/domain';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** Tables of migration 006_assessments.sql. */
export interface RecruitmentDecisionTable {
  id: Generated<string>;
  participant_id: string;
  from_status: number;
  to_status: number;
  reason: string | null;
  drop_off: ColumnType<string | null, string | null | undefined, string | null>;
  correction: Generated<boolean>;
  risks: Json<RuleMessage[]>;
  decided_by: string;
  decided_at: Timestamp;
}

export interface ParticipantNotificationTable {
  id: Generated<string>;
  participant_id: string;
  recipient: string;
  message: Json<RuleMessage>;
  created_at: Timestamp;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Notices with the same key fold into one (migration 060); null for notices that never fold. */
  fold_key: ColumnType<string | null, string | null | undefined, string | null>;
}

declare module '../db/types.ts' {
  interface Database {
    recruitment_decision: RecruitmentDecisionTable;
    participant_notification: ParticipantNotificationTable;
  }
}
