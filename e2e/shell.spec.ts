import { expect, test } from './test.ts';
import { MENU, menuFor, ROUTES, guardRoute, type Role } from '@geria/domain';
import { DEMO, expectAccessible, signIn, type DemoRole, SIGN_IN_PAGE } from './support.ts';

const roles = Object.keys(DEMO) as DemoRole[];
const concrete = (path: string) => path.replace(/:\w+/g, 'x1');
const guarded = ROUTES.filter((r) => r.roles !== 'public');

test('a visitor without a session lands on the sign-in page, which is accessible', async ({ page }) => {
  await page.goto('/patient');
  await page.waitForURL(SIGN_IN_PAGE);
  await expect(page.getByRole('button', { name: /sign in|log in/i })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a wrong password is refused with a message', async ({ page }) => {
  await page.goto('/');
  await page.waitForURL(SIGN_IN_PAGE);
  await page.getByLabel(/username/i).fill('demo-ccm');
  await page.getByLabel(/password/i).first().fill('not-the-password');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page.getByText('Wrong username or password.')).toBeVisible();
});

for (const role of roles) {
  test(`${role} signs in, sees the menu of the role and reaches exactly the routes the guard allows`, async ({ page }) => {
    await signIn(page, role);
    await expect(page.getByText(`Welcome back ${DEMO[role].fullName}`)).toBeVisible();
    const userMenu = page.getByRole('button', { name: 'User menu' });
    await expect(userMenu).toContainText(DEMO[role].fullName);
    await expect(userMenu).toContainText(DEMO[role].roleName);

    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const expected = menuFor([role as Role]);
    for (const entry of MENU) {
      const shown = expected.some((e) => e.key === entry.key);
      await expect(nav.locator(`[data-menu-key="${entry.key}"]`), `${role} menu ${entry.key}`).toHaveCount(shown ? 1 : 0);
    }

    for (const route of guarded) {
      const path = concrete(route.path);
      await page.goto(path);
      const decision = guardRoute(path, { roles: [role as Role] });
      if (decision.kind === 'allow') {
        await expect(page, `${role} may open ${path}`).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
        await expect(page.getByRole('main')).toBeVisible();
      } else {
        await expect(page.getByText("You're not allowed to reach the page.")).toBeVisible();
        await expect(page).toHaveURL(/\/$/);
      }
    }
  });
}

test('an unknown path returns to Home, and a signed-in user opening /login goes Home', async ({ page }) => {
  await signIn(page, 'Auditor');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('the shell is translated when the language changes, and the choice is kept', async ({ page }) => {
  await signIn(page, 'ClinicalExpert');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: /italiano/i }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('contentinfo')).toContainText(/Unione europea/i);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: /ελληνικά/i }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  await expect(page.getByRole('contentinfo')).toContainText(/Ευρωπαϊκ/);
});

test('the shell passes an accessibility scan', async ({ page }) => {
  await signIn(page, 'CCM');
  await expectAccessible(page);
});

test('the session survives token renewals', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'Tester');
  const token = () => page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : null;
  });
  const first = await token();
  expect(first).toBeTruthy();
  // Tokens live 70 s here; under 60 s left the app renews them (checked every 6 s).
  await expect.poll(token, { timeout: 40_000, intervals: [2000] }).not.toBe(first);
  await page.goto('/user-management');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/user-management$/);
});

test('logout ends the session and says so', async ({ page }) => {
  await signIn(page, 'Tech');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: /log ?out/i }).click();
  await page.waitForURL(SIGN_IN_PAGE);
  await expect(page.getByText('Logged Out')).toBeVisible();
  await expect(page.getByText(/error in the login/i)).toHaveCount(0);
  await page.goto('/techsupport');
  await page.waitForURL(SIGN_IN_PAGE);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const role of roles) {
    test(`${role} reaches every entry of the menu from the drawer`, async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, role);
      const open = async () => {
        await page.getByRole('button', { name: 'Open the main menu' }).click();
        return page.getByRole('navigation', { name: 'Main menu' });
      };
      for (const entry of menuFor([role as Role])) {
        for (const target of entry.children ?? [entry]) {
          const nav = await open();
          const group = nav.locator(`[data-menu-key="${entry.key}"]`);
          if (entry.children && (await group.getAttribute('aria-expanded')) === 'false') await group.click();
          const link = nav.locator(`[data-menu-key="${target.key}"]`);
          // A trial click at its centre fails when the top bar covers the entry (the bar would get the click).
          await link.click({ trial: true, timeout: 5_000 });
          const box = (await link.boundingBox())!;
          const barBottom = (await page.locator('header').boundingBox())!;
          expect(box.y, `${role} ${target.key} below the top bar`).toBeGreaterThanOrEqual(barBottom.y + barBottom.height);
          await link.click();
          await expect(page, `${role} ${target.key}`).toHaveURL(new RegExp(`${target.path.replace(/\//g, '\\/')}$`));
          await expect(nav).toBeHidden();
        }
      }
    });
  }
});
