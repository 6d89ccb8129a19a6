import { expect, test } from './test.ts';
import { expectAccessible, signIn } from './support.ts';

test('Home shows the pilot\'s numbers in six tabs of charts and tables, and updates them', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'CCM', '/');
  await expect(page.getByText(/^Updated at /)).toBeVisible();
  const byStatus = page.getByRole('region', { name: 'Participants by recruitment status' });
  await expect(byStatus.getByRole('img', { name: 'Participants by recruitment status' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Records in the last 7 days' }).getByRole('img', { name: 'Records in the last 7 days' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Patient alerts' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Analytics alerts' })).toBeVisible();
  // Cigarettes: current smokers by cigarettes a day and gender, as a chart and a table.
  const title = 'Cigarettes: current smokers by cigarettes a day and gender';
  const cigarettes = page.getByRole('region', { name: title });
  await expect(cigarettes.getByRole('img', { name: title })).toBeVisible();
  await expectAccessible(page);
  await cigarettes.getByRole('button', { name: `View ${title} as a table` }).click();
  const cigaretteTable = cigarettes.getByRole('table', { name: title });
  await expect(cigaretteTable.getByRole('columnheader')).toHaveText(['Gender', '1-10 a day', '11-20 a day', '21+ a day']);
  await expect(cigaretteTable.getByRole('row', { name: /^Female/ })).toBeVisible();
  await expectAccessible(page);

  // Questionnaires by the names clinicians know them by, not catalogue ids.
  const perQuestionnaire = page.getByRole('region', { name: 'Questionnaire responses per questionnaire' });
  await perQuestionnaire.getByRole('button', { name: 'View Questionnaire responses per questionnaire as a table' }).click();
  const questionnaires = perQuestionnaire.getByRole('table');
  await expect(questionnaires).toContainText('PHQ-9');
  await expect(questionnaires).toContainText('Profiling');
  await expect(questionnaires).not.toContainText('phq9');

  await byStatus.getByRole('button', { name: 'View Participants by recruitment status as a table' }).click();
  const table = byStatus.getByRole('table', { name: 'Participants by recruitment status' });
  await expect(table).toContainText('Accepted');
  const total = Number((await page.locator('p.MuiTypography-h4').first().textContent())!.replace(/\D/g, ''));
  const cells = await table.locator('tbody td:nth-child(2)').allTextContents();
  expect(cells.reduce((sum, c) => sum + Number(c.replace(/\D/g, '')), 0)).toBe(total);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Update data' }).click();
  await expect(page.getByRole('button', { name: 'Update data' })).toBeEnabled();

  const charts: [string, string[]][] = [
    ['Demographics', ['Participants by gender', 'Participants by age band', 'Smoking by gender', 'Comorbidities and MoCA', 'Pairs of comorbidities and EQ-5D-5L VAS']],
    ['Devices', ['Devices by category', 'Devices by status']],
    ['Health', ['MoCA per assessment', 'PHQ-9 per assessment', 'EQ-5D-5L index per assessment', 'Mini-BESTest scores', 'MoCA analytics bands']],
    ['Correlation', ['MoCA and PHQ-9', 'EQ-5D-5L VAS and Mini-BESTest']],
    ['Falls', ['Falls in the last year and ABC', 'Falls in the last year and FES-I']],
  ];
  for (const [tab, titles] of charts) {
    await page.getByRole('tab', { name: tab }).click();
    for (const title of titles) await expect(page.getByRole('region', { name: title, exact: true }).getByRole('img', { name: title, exact: true })).toBeVisible();
    await expectAccessible(page);
  }
  // The correlation cards state r and n; the table holds the same points.
  const scatter = page.getByRole('region', { name: 'Falls in the last year and ABC' });
  await expect(scatter.getByText(/^Pearson r = -?\d\.\d\d, n = \d+$/)).toBeVisible();
  await scatter.getByRole('button', { name: /as a table$/ }).click();
  await expect(scatter.getByRole('table')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Devices by category' })).toHaveCount(0);
});

test('SysAdmin sees usage only', async ({ page }) => {
  await signIn(page, 'SysAdmin', '/');
  await expect(page.getByRole('region', { name: 'Records per type' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Overview']);
  await expect(page.getByRole('region', { name: 'Patient alerts' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Body mass index' })).toHaveCount(0);
});

test('Tech sees usage and devices', async ({ page }) => {
  await signIn(page, 'Tech', '/');
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Devices']);
  await page.getByRole('tab', { name: 'Devices' }).click();
  await expect(page.getByRole('region', { name: 'Devices by status' })).toBeVisible();
});

test('the Auditor\'s Home shows only the cards the role may read', async ({ page }) => {
  await signIn(page, 'Auditor', '/');
  await expect(page.getByRole('region', { name: 'Records per type' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Participants by recruitment status' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Analytics alerts' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Patient alerts' })).toHaveCount(0);
  await expect(page.getByText('No data available')).toHaveCount(0);
});

test('Home, the patient list and a record let the network go quiet, and break no Content-Security-Policy', async ({ page }) => {
  // The inbox stream stays open: it waits for the page's network to go quiet before it opens.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { violations: string[] }).violations ??= [];
      (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await signIn(page, 'CCM', '/');
  for (const path of ['/', '/patient']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle', { timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? []), path).toEqual([]);
  }
  await page.getByRole('table', { name: 'Participants' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/patient\/[0-9a-f-]{36}$/);
  await page.waitForLoadState('networkidle', { timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? [])).toEqual([]);
});

test('the browser loads its date and number data in a worker, off the page\'s thread, and closes it once done', async ({ page }) => {
  const workers: { url: string; closed: boolean }[] = [];
  page.on('worker', (worker) => {
    const seen = { url: worker.url(), closed: false };
    workers.push(seen);
    worker.on('close', () => { seen.closed = true; });
  });
  await signIn(page, 'CCM', '/');
  // The page formats its times and numbers (with the data the worker loaded).
  await expect(page.getByText(/^Updated at \d/)).toBeVisible();
  await expect.poll(() => workers.filter((w) => /\/assets\/locale-data\.worker-[\w-]+\.js$/.test(w.url) && w.closed).length).toBeGreaterThan(0);
});
