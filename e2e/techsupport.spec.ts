import { expect, test } from './test.ts';
import { expectAccessible, signIn } from './support.ts';

test('tech support lists participants by silence, filters them, and opens one\'s devices and external ids', async ({ page }) => {
  await signIn(page, 'Tech', '/techsupport');
  await expect(page.getByRole('heading', { name: 'Tech support' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Participants and their devices' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Inactivity' }).click();
  await page.getByRole('option', { name: 'Over 12 days' }).click();
  await expect(grid.getByRole('row').nth(1)).toContainText(/\d+ days/);
  for (const chip of await grid.locator('.MuiChip-label').allTextContents()) expect(Number(chip.split(' ')[0])).toBeGreaterThan(12);

  await grid.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/techsupport\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Devices' })).toContainText(/Active|Suspended|Inactive/);
  // Each device's last use as the API answers it (LastUsed), a date and its inactivity band.
  await expect(page.getByRole('table', { name: 'Devices' })).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}|[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(page.getByRole('table', { name: 'Devices' })).toContainText(/\d+ days/);
  await expect(page.getByRole('heading', { name: 'External ids' })).toBeVisible();
  await expectAccessible(page);
});
