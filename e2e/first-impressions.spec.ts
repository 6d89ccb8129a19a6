import { expect, test, type Page } from './test.ts';
import { menuFor } from '@geria/domain';
import { DEMO, expectAccessible, type DemoRole, SIGN_IN_PAGE } from './support.ts';

const LOGIN_ERROR = /error in the login|σφάλμα κατά τη σύνδεση/i;

/** Signs in by field order and Enter, so it works in any interface language. */
async function signInAnyLanguage(page: Page, role: DemoRole) {
  await page.goto('/');
  await page.waitForURL(SIGN_IN_PAGE);
  await page.locator('input').first().fill(DEMO[role].username);
  await page.locator('input[type=password]').fill(DEMO[role].password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !/^\/(login|callback|auth)/.test(url.pathname));
  await expect(page.getByRole('main')).toBeVisible();
}

test('opening the app without a session shows the login form and no error, on Register and Forgot password too', async ({ page }) => {
  await page.goto('/');
  await page.waitForURL(SIGN_IN_PAGE);
  await expect(page.getByRole('button', { name: /sign in|log in/i })).toBeVisible();
  await expect(page.getByText(LOGIN_ERROR)).toHaveCount(0);
  await page.goto('/registration');
  await expect(page.getByText(LOGIN_ERROR)).toHaveCount(0);
  await page.goto('/login/forgot');
  await expect(page.getByText(LOGIN_ERROR)).toHaveCount(0);
});

test('the sign-in page switches language, keeps the choice for the app, and signs in with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await page.waitForURL(SIGN_IN_PAGE);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Language: EN').click();
  await page.getByRole('link', { name: 'IT · Italiano' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
  await expect(page.getByLabel('Lingua (Language): IT')).toBeVisible();
  await expectAccessible(page);
  // The username field has the focus; Tab reaches the password, Enter signs in.
  await page.keyboard.type(DEMO.CCM.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO.CCM.password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !/^\/(login|callback|auth)/.test(url.pathname));
  await expect(page.getByRole('main')).toBeVisible();
  // The app speaks the language chosen on the sign-in page.
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('navigation').getByText('Cruscotto').first()).toBeVisible();
});

test('HEAD on a history-mode route answers like GET', async ({ request }) => {
  expect((await request.head('/patient/123')).status()).toBe(200);
});

test.describe('in Greek', () => {
  test.use({ locale: 'el-GR' });

  // Raw catalogue keys look like "form.addCareManager"; English words that must not survive translation.
  const RAW_KEY = /\b(form|list|login|routes|menu|errors|validation|auth|section|users|fields|actions|clinical|grid|language|roles|rules|chart|layout|app|inactivity|units|edit|recruitment)\.[a-zA-Z]/;
  const ENGLISH = [/\bRows per page\b/, /\bLoading\b/, /\bNo data\b/, /\bSave\b/, /\bCancel\b/, /\bPatients\b/, /\bmin\/week\b/, /\bClinicalExpert\b/, /\d+–\d+ of \d+/, /\bPatient Specific Functional Scale\b/];

  test('the sign-in page is in Greek: its texts, empty fields, a wrong password, and it passes axe', async ({ page }) => {
    await page.goto('/');
    await page.waitForURL(SIGN_IN_PAGE);
    await expect(page.locator('html')).toHaveAttribute('lang', 'el');
    await expect(page.getByRole('heading', { name: 'Σύνδεση' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ξεχάσατε τον κωδικό πρόσβασης;' })).toHaveAttribute('href', '/login/forgot');
    await expect(page.getByRole('link', { name: 'Εγγραφή' })).toHaveAttribute('href', '/registration');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Σύνδεση' }).click();
    await expect(page.getByText('Αυτό το πεδίο είναι υποχρεωτικό.')).toHaveCount(2);
    await expect(page.getByLabel('Όνομα χρήστη')).toBeFocused();
    await page.getByLabel('Όνομα χρήστη').fill(DEMO.CCM.username);
    await page.locator('input[type=password]').fill('not-the-password');
    await page.getByRole('button', { name: 'Εμφάνιση του κωδικού πρόσβασης' }).click();
    await expect(page.locator('#password')).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Σύνδεση' }).click();
    await expect(page.getByRole('alert')).toHaveText('Λάθος όνομα χρήστη ή κωδικός πρόσβασης.');
    await expect(page.getByText('Αυτό το πεδίο είναι υποχρεωτικό.')).toHaveCount(0);
    await expectAccessible(page);
  });

  for (const role of ['CCM', 'SysAdmin'] as const) {
    test(`${role}: every screen of the menu shows Greek text only, and passes axe`, async ({ page }) => {
      // A walk of every menu screen (a CCM's also opens a record and its assessments), each scanned by axe.
      test.slow();
      await signInAnyLanguage(page, role);
      const paths = menuFor([role]).flatMap((e) => (e.children ? e.children.map((c) => c.path) : [e.path]));
      const firstPatient = role === 'CCM' ? await (async () => {
        await page.goto('/patient');
        return page.locator('a[href^="/patient/"]').first().getAttribute('href');
      })() : null;
      for (const path of [...paths, ...(firstPatient ? [firstPatient, `${firstPatient}/assessment`] : [])]) {
        await page.goto(path);
        await expect(page.getByRole('main')).toBeVisible();
        // Not 'networkidle': the inbox badge's event stream stays open. Every screen shows its loading with a progress bar or aria-busy.
        await expect(page.locator('[role="progressbar"], [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
        // Text in <code> is an identifier shown as such (the audit trail's action names), not a message.
        const text = await page.locator('body').evaluate((body) => {
          const copy = body.cloneNode(true) as HTMLElement;
          copy.querySelectorAll('code').forEach((code) => code.remove());
          document.body.appendChild(copy);
          const visible = copy.innerText;
          copy.remove();
          return visible;
        });
        expect(text.match(RAW_KEY)?.[0], `raw key on ${path}`).toBeUndefined();
        for (const word of ENGLISH) expect(text.match(word)?.[0], `English on ${path}`).toBeUndefined();
        await expectAccessible(page);
      }
    });
  }
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the patient list keeps id, name and inactivity on screen without scrolling the page sideways', async ({ page }) => {
    await signInAnyLanguage(page, 'CCM');
    await page.goto('/patient');
    await expect(page.getByRole('columnheader', { name: 'Inactivity' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('columnheader', { name: 'Full name' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);
  });

  test.describe('in Greek', () => {
    test.use({ locale: 'el-GR' });

    test('the patient list keeps id, name, inactivity and the pager\'s arrows whole on screen, with its longer words', async ({ page }) => {
      await signInAnyLanguage(page, 'CCM');
      await page.goto('/patient');
      for (const name of ['Κωδικός', 'Ονοματεπώνυμο', 'Αδράνεια']) {
        await expect(page.getByRole('columnheader', { name })).toBeInViewport({ ratio: 1 });
      }
      // Every row's inactivity, the widest chip ("Χωρίς στοιχεία") included, ends within the screen's width.
      await expect(page.locator('tbody tr td:nth-child(3)').first()).toBeVisible();
      const overflowing = await page.locator('tbody tr td:nth-child(3)').evaluateAll((cells) => cells.filter((c) => c.getBoundingClientRect().right > window.innerWidth).length);
      expect(overflowing).toBe(0);
      // The pager scrolls sideways what it cannot fit, which hid its next-page arrow: all of it must fit.
      await expect(page.getByRole('button', { name: 'Επόμενη σελίδα' })).toBeAttached();
      expect(await page.locator('.MuiTablePagination-root').evaluate((pager) => pager.scrollWidth <= pager.clientWidth)).toBe(true);
    });
  });
});

test('at 1440 px user management shows the edit action of every row', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAnyLanguage(page, 'SysAdmin');
  await page.goto('/user-management');
  await expect(page.getByRole('button', { name: /^Edit demo-ccm/ })).toBeInViewport();
});

test('the ClinicalExpert menu leads only where the guard admits', async ({ page }) => {
  await signInAnyLanguage(page, 'ClinicalExpert');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.locator('[data-menu-key="ic"]')).toHaveCount(0);
  await expect(nav.locator('[data-menu-key="patients"]')).toHaveCount(1);
});
