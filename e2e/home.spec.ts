import { expect, test } from '@playwright/test';
import { expectAccessible, signIn } from './support.ts';

test('Home shows the organisation\'s numbers as charts and tables, and updates them', async ({ page }) => {
  await signIn(page, 'CCM', '/');
  await expect(page.getByText(/^Updated at /)).toBeVisible();
  const byStatus = page.getByRole('region', { name: 'Participants by recruitment status' });
  await expect(byStatus.getByRole('img', { name: 'Participants by recruitment status' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Participants by age band' })).toBeVisible();
  await expectAccessible(page);

  await byStatus.getByRole('button', { name: 'View Participants by recruitment status as a table' }).click();
  const table = byStatus.getByRole('table', { name: 'Participants by recruitment status' });
  await expect(table).toContainText('Accepted');
  const total = Number((await page.locator('p.MuiTypography-h4').first().textContent())!.replace(/\D/g, ''));
  const cells = await table.locator('tbody td:nth-child(2)').allTextContents();
  expect(cells.reduce((sum, c) => sum + Number(c.replace(/\D/g, '')), 0)).toBe(total);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Update data' }).click();
  await expect(page.getByRole('button', { name: 'Update data' })).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Devices by category' })).not.toContainText('devices.types');
});

test('SysAdmin sees usage and devices, no demographics', async ({ page }) => {
  await signIn(page, 'SysAdmin', '/');
  await expect(page.getByRole('region', { name: 'Devices by status' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Participants by gender' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Participants by age band' })).toHaveCount(0);
});
