import type { Generated } from 'kysely';

export interface ApprovalTaskTable {
  id: Generated<string>;
  user_id: string;
  created_at: Generated<Date>;
}

export type AccountTokenPurpose = 'password-reset' | 'email-verification';

export interface AccountTokenTable {
  token_hash: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

declare module '../db/types.ts' {
  interface Database {
    approval_task: ApprovalTaskTable;
    account_token: AccountTokenTable;
  }
}
