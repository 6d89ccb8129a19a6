import { expect, test } from './test.ts';
import { expectAccessible, signIn } from './support.ts';

test('a clinical expert creates a notebook, runs descriptive statistics through the wizard, reads the result, and deletes the notebook', async ({ page }) => {
  await signIn(page, 'ClinicalExpert', '/notebooks');
  const list = page.getByRole('list', { name: 'Notebooks' });
  await expect(list.getByRole('link', { name: 'Cohort overview' })).toBeVisible();

  await page.getByRole('button', { name: 'New notebook' }).click();
  const dialog = page.getByRole('dialog', { name: 'New notebook' });
  await dialog.getByLabel('Name').fill('Screening review');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await list.getByRole('link', { name: 'Screening review' }).click();
  await expect(page.getByText('There are no analytics at the moment.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New analytic' }).click();
  const wizard = page.getByRole('region', { name: 'New analytic' });
  await expect(wizard.getByRole('heading', { name: 'Choose data source' })).toBeVisible();
  await wizard.getByRole('checkbox', { name: 'Accepted' }).check();
  await expectAccessible(page);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('radio', { name: /Descriptive statistics/ }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('checkbox', { name: 'MoCA' }).check();
  await wizard.getByRole('checkbox', { name: 'FGA' }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('checkbox', { name: 'Box plots' })).toBeChecked();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Name').fill('MoCA and FGA of accepted participants');
  await expect(wizard.getByText('Recruitment status: Accepted; age bands: all')).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Create and run' }).click();

  const analytic = page.getByRole('region', { name: 'MoCA and FGA of accepted participants' });
  await expect(analytic.getByText('Completed')).toBeVisible({ timeout: 20_000 });
  await expect(analytic.getByRole('heading', { name: 'Descriptive statistics' })).toBeVisible();
  await expectAccessible(page);

  // The analytic's actions and the latest run's are apart, each saying what it does.
  const analyticActions = analytic.getByRole('group', { name: 'Actions on the analytic' });
  await expect(analyticActions.getByRole('button', { name: 'Run again' })).toHaveAccessibleDescription(/as a new run; earlier runs are kept/);
  await expect(analyticActions.getByRole('button', { name: 'Delete analytic' })).toHaveAccessibleDescription(/with all its runs and results/);
  const runActions = analytic.getByRole('group', { name: 'Latest run' });
  await expect(runActions.getByRole('button', { name: 'Restart' })).toHaveAccessibleDescription(/same settings, replacing its results/);
  await expect(runActions.getByRole('button', { name: 'Delete run' })).toHaveAccessibleDescription(/the analytic stays/);
  await runActions.getByRole('button', { name: 'Reset' }).click();
  await expect(analytic.getByText('Stopped')).toBeVisible();
  await runActions.getByRole('button', { name: 'Restart' }).click();
  await expect(analytic.getByText('Completed')).toBeVisible({ timeout: 20_000 });

  await page.goto('/notebooks');
  await list.getByRole('button', { name: 'Delete Screening review' }).click();
  await page.getByRole('dialog', { name: 'Delete notebook' }).getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('link', { name: 'Screening review' })).toHaveCount(0);
});

test('a care-centre manager sees intrinsic capacity and opens a participant\'s resume plot', async ({ page }) => {
  await signIn(page, 'CCM', '/ic');
  const table = page.getByRole('table', { name: /Intrinsic capacity of the participants/ });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await table.getByRole('button', { name: 'Resume plot' }).first().click();
  await expect(page.getByRole('heading', { name: /first and latest assessment/ })).toBeVisible();
  await expectAccessible(page);
});
