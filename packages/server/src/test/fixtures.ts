import type { Role } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { hashPassword } from '../auth/passwords.ts';
import { loadIssuerSecrets } from '../auth/secrets.ts';

/** Accounts every test database starts with: one per role in MIL-GER, and a CCM of another organisation. */
export const TEST_PASSWORD = 'Test-password-2026';
export const TEST_ORGANISATION = 'MIL-GER';
export const OTHER_ORGANISATION = 'ATH-GCC';

export const TEST_USERS: { username: string; role: Role; organisation: string }[] = [
  { username: 'test-ccm', role: 'CCM', organisation: TEST_ORGANISATION },
  { username: 'test-expert', role: 'ClinicalExpert', organisation: TEST_ORGANISATION },
  { username: 'test-auditor', role: 'Auditor', organisation: TEST_ORGANISATION },
  { username: 'test-sysadmin', role: 'SysAdmin', organisation: TEST_ORGANISATION },
  { username: 'test-tester', role: 'Tester', organisation: TEST_ORGANISATION },
  { username: 'test-tech', role: 'Tech', organisation: TEST_ORGANISATION },
  { username: 'other-ccm', role: 'CCM', organisation: OTHER_ORGANISATION },
  { username: 'other-expert', role: 'ClinicalExpert', organisation: OTHER_ORGANISATION },
];

export async function seedTestFixtures(db: Db): Promise<void> {
  await loadIssuerSecrets(db);
  const passwordHash = await hashPassword(TEST_PASSWORD);
  for (const u of TEST_USERS) {
    await db.kysely.insertInto('app_user').values({
      username: u.username, email: `${u.username}@test.geria.example.org`, given_name: 'Test', family_name: u.role,
      organisation: u.organisation, roles: [u.role], password_hash: passwordHash,
    }).execute();
  }
}
