import type { ColumnType, Generated } from 'kysely';
import type { InterventionRule } from '@geria/domain';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** Tables of migration 012_interventions.sql (and 032 for the deliveries' outcome). */
export interface InterventionRuleTable {
  id: Generated<string>;
  organisation: string;
  name: string;
  type: string;
  definition: Json<InterventionRule>;
  active: Generated<boolean>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InterventionFiringTable {
  id: Generated<string>;
  rule_id: string;
  participant_id: string;
  organisation: string;
  window_key: string;
  observation_id: string | null;
  level: string;
  value: number | null;
  diastolic: number | null;
  unit: string;
  channels: string[];
  message: string;
  /** When the reading that fired was measured (migration 060); null for older firings. */
  measured_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  fired_at: Timestamp;
}

export interface InterventionDeliveryTable {
  id: Generated<string>;
  firing_id: string;
  channel: 'app' | 'email' | 'inbox';
  recipient: string;
  language: string;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  /** The mail server's last reply (migration 032). */
  last_reply: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  failed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

declare module '../db/types.ts' {
  interface Database {
    intervention_rule: InterventionRuleTable;
    intervention_firing: InterventionFiringTable;
    intervention_delivery: InterventionDeliveryTable;
  }
}
