import type { Role } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { hashPassword } from '../auth/passwords.ts';

/** One demo account per role (README lists them). Passwords are for the demo study only. */
export const DEMO_ACCOUNTS: { username: string; password: string; role: Role; givenName: string; familyName: string; email: string }[] = [
  { username: 'demo-ccm', password: 'Demo-ccm-2026', role: 'CCM', givenName: 'Chiara', familyName: 'Conti', email: 'demo-ccm@geria.example.org' },
  { username: 'demo-expert', password: 'Demo-expert-2026', role: 'ClinicalExpert', givenName: 'Elena', familyName: 'Esposito', email: 'demo-expert@geria.example.org' },
  { username: 'demo-auditor', password: 'Demo-auditor-2026', role: 'Auditor', givenName: 'Andrea', familyName: 'Amato', email: 'demo-auditor@geria.example.org' },
  { username: 'demo-sysadmin', password: 'Demo-sysadmin-2026', role: 'SysAdmin', givenName: 'Sofia', familyName: 'Silva', email: 'demo-sysadmin@geria.example.org' },
  { username: 'demo-tester', password: 'Demo-tester-2026', role: 'Tester', givenName: 'Tomas', familyName: 'Torres', email: 'demo-tester@geria.example.org' },
  { username: 'demo-tech', password: 'Demo-tech-2026', role: 'Tech', givenName: 'Theo', familyName: 'Tanaka', email: 'demo-tech@geria.example.org' },
];

export const DEMO_ORGANISATION = 'MIL-GER';

/** Creates the demo accounts that do not exist yet; returns the usernames created. */
export async function ensureDemoAccounts(db: Db, organisation = DEMO_ORGANISATION): Promise<string[]> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const result = await db.kysely.insertInto('app_user').values({
      username: account.username,
      email: account.email,
      given_name: account.givenName,
      family_name: account.familyName,
      organisation,
      roles: [account.role],
      password_hash: await hashPassword(account.password),
    }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    if (result.numInsertedOrUpdatedRows && result.numInsertedOrUpdatedRows > 0n) created.push(account.username);
  }
  return created;
}
