import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn } from './support.ts';

/** The signed-in user's access token, as the SPA keeps it. */
const accessToken = (page: Page) => page.evaluate(() => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
  return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : '';
});

/**
 * A demo participant whose devices have sent data (the demo writes it in the background after the
 * start): the first of the most recently active whose `check` (an API path under the participant) answers true.
 */
async function participantWith(page: Page, path: string, check: (body: any) => boolean): Promise<{ id: string; body: any }> {
  let found = '';
  let answer: unknown;
  await expect.poll(async () => {
    const headers = { authorization: `Bearer ${await accessToken(page)}` };
    const list = await (await page.request.get('/api/v1/participants/organisation/MIL-GER', { headers, params: { pageSize: 100, sort: 'inactivityPeriod', order: 'asc' } })).json();
    for (const row of list.items as { id: string }[]) {
      answer = await (await page.request.get(`/api/v1/participant/${row.id}/${path}`, { headers })).json();
      if (check(answer)) { found = row.id; break; }
    }
    return found;
  }, { timeout: 60_000, intervals: [2_000] }).not.toBe('');
  return { id: found, body: answer };
}

test('clinical data: latest values on the record, each tab, the Homehub filter, and the measurements over a date range', async ({ page }) => {
  await signIn(page, 'CCM');
  const { id, body: latest } = await participantWith(page, 'measurements/latest', (latest) => Array.isArray(latest) && latest.some((l: { key: string }) => l.key === 'steps'));

  await page.goto(`/patient/${id}`);
  const section = page.getByRole('heading', { name: 'Latest device measurements' });
  await expect(section).toBeVisible();
  await expect(page.getByRole('table', { name: 'Latest device measurements' })).toContainText('Steps');

  await page.getByRole('link', { name: 'Clinical data' }).click();
  await expect(page).toHaveURL(new RegExp(`/patient/${id}/clinical-data$`));
  await expect(page.getByRole('table', { name: 'Latest device measurements' })).toContainText('Steps');
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Health-data app' }).click();
  await expect(page.getByRole('heading', { name: 'Steps', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Balance-training app' }).click();
  await expect(page.getByText('No training sessions')).toBeVisible();

  await page.getByRole('tab', { name: 'Homehub' }).click();
  await expect(page.getByRole('heading', { name: 'Room temperature' })).toBeVisible();
  await page.getByRole('button', { name: 'Max' }).click();
  await expect(page.getByRole('button', { name: 'Max' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);

  await page.goto(`/patient/${id}/measurements`);
  await expect(page.getByRole('heading', { name: 'Body weight' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Steps', exact: true })).toBeVisible();
  const from = page.getByRole('textbox', { name: 'From', exact: true });
  const to = page.getByRole('textbox', { name: 'To', exact: true });
  // The day of the latest steps, alone: the table shows that one day.
  const day = (latest as { key: string; at: string }[]).find((l) => l.key === 'steps')!.at.slice(0, 10);
  await from.fill(day);
  await to.fill(day);
  await page.getByRole('button', { name: 'View Steps as a table' }).click();
  const steps = page.getByRole('region', { name: 'Steps', exact: true });
  await expect(steps.getByRole('row')).toHaveCount(2);
  await expect(steps.getByRole('row').nth(1)).toContainText(day);
  await expectAccessible(page);
});

test('tech support sees a participant\'s transmissions per day without clinical values', async ({ page }) => {
  await signIn(page, 'Tech', '/techsupport');
  const { id } = await participantWith(page, 'transmissions', (body) => body.devices?.some((d: { days: { observations: number }[] }) => d.days.some((x) => x.observations > 0)));
  await page.goto(`/techsupport/${id}`);
  await expect(page.getByRole('heading', { name: 'Transmissions per day' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
  await expect(page.getByText('Latest device measurements')).toHaveCount(0);
  await expectAccessible(page);
});
