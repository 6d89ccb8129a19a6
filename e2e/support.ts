import { expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const DEMO = {
  CCM: { username: 'demo-ccm', password: 'Demo-ccm-2026', fullName: 'Chiara Conti', roleName: 'Care-centre manager' },
  ClinicalExpert: { username: 'demo-expert', password: 'Demo-expert-2026', fullName: 'Elena Esposito', roleName: 'Clinical expert' },
  Auditor: { username: 'demo-auditor', password: 'Demo-auditor-2026', fullName: 'Andrea Amato', roleName: 'Auditor' },
  SysAdmin: { username: 'demo-sysadmin', password: 'Demo-sysadmin-2026', fullName: 'Sofia Silva', roleName: 'System administrator' },
  Tester: { username: 'demo-tester', password: 'Demo-tester-2026', fullName: 'Tomas Torres', roleName: 'Tester' },
  Tech: { username: 'demo-tech', password: 'Demo-tech-2026', fullName: 'Theo Tanaka', roleName: 'Technical support' },
} as const;
export type DemoRole = keyof typeof DEMO;

/** The sign-in page, which the server renders at the provider's interaction URL. */
export const SIGN_IN_PAGE = /\/auth\/interaction\/[^/?]+(\?|$)/;

/**
 * Signs in through Geria's login page of the embedded OpenID Connect provider; `timeout` (ms) for the
 * signed-in shell, the expect timeout unless given (the code exchange is slow on a busy machine).
 */
export async function signIn(page: Page, role: DemoRole, path = '/', timeout?: number) {
  const account = DEMO[role];
  await page.goto(path);
  await page.waitForURL(SIGN_IN_PAGE);
  await page.getByLabel(/username/i).fill(account.username);
  await page.getByLabel(/password/i).first().fill(account.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible({ timeout });
}

/** The signed-in user's access token, for the API reads that pick a test's participant. */
export const tokenOf = (page: Page) => page.evaluate(() => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
  return (JSON.parse(localStorage.getItem(key!)!) as { access_token: string }).access_token;
});

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Colours are measured at rest: a transition caught half-way (a button turning enabled) is not a contrast fault.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
}

/**
 * Types a day (YYYY-MM-DD) into a date field (the group its label names) as a user of the English
 * interface does: day, month and year, in that order, from the day.
 */
export async function typeDay(page: Page, field: Locator, day: string) {
  const [year, month, date] = day.split('-');
  await field.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(`${date}${month}${year}`);
}
