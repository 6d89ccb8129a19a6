import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { expect, test } from './test.ts';
import { strFromU8, unzipSync } from 'fflate';
import { expectAccessible, signIn } from './support.ts';

test('a clinical expert exports the study dataset: chooses, follows the job\'s progress, downloads the zip and finds its files as the README lists them', async ({ page }) => {
  await signIn(page, 'ClinicalExpert', '/exports');
  await expect(page.getByRole('heading', { name: 'Dataset export', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Instruments' }).click();
  await page.getByRole('option', { name: /PHQ-9/ }).click();
  await page.getByRole('option', { name: /MoCA/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: 'Anthropometry (with BMI)' }).check();
  await page.getByRole('radio', { name: /^Long/ }).check();
  await page.getByRole('button', { name: 'Start export' }).click();
  await expect(page.getByText('The export has started.')).toBeVisible();

  const table = page.getByRole('table', { name: 'Past exports' });
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('progressbar')).toBeVisible();
  await expect(row.getByText('Done')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(row.getByText(/participants, \d+ left out \(GDPR\)/)).toBeVisible();
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^geria-dataset-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(Object.keys(files).sort()).toEqual(['README.txt', 'codebook.csv', 'codebook.html', 'data.csv', 'data.parquet']);
  const readme = strFromU8(files['README.txt']!);
  for (const name of ['data.csv', 'data.parquet', 'codebook.csv', 'codebook.html']) {
    expect(readme).toContain(`${createHash('sha256').update(files[name]!).digest('hex')}  ${name}`);
  }
  expect(readme).toContain('Instruments:          phq9, moca');
  const [header, ...rows] = strFromU8(files['data.csv']!).trim().split('\r\n');
  expect(header).toBe('study_id,encounter,variable,value');
  expect(rows.some((r) => /,phq9_total,\d+$/.test(r))).toBe(true);
  expect(strFromU8(files['data.parquet']!.subarray(0, 4))).toBe('PAR1');
  expect(strFromU8(files['codebook.csv']!)).toContain('phq9_total');
});

test('the export screen is usable on a phone, with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'ClinicalExpert', '/exports');
  await expect(page.getByRole('button', { name: 'Start export' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start export' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The export has started.')).toBeVisible();
});

test('a care-centre manager is not let in', async ({ page }) => {
  await signIn(page, 'CCM', '/exports');
  await expect(page.getByText('You\'re not allowed to reach the page.')).toBeVisible();
});
