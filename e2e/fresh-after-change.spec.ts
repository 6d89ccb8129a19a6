import { expect, test, type Page } from './test.ts';
import { signIn, tokenOf } from './support.ts';

/**
 * Every write refreshes what it changed on every screen, without a reload: each flow below moves
 * between screens by links only, so a screen that kept its earlier answer would show it.
 */

const headersOf = async (page: Page) => ({ authorization: `Bearer ${await tokenOf(page)}` });

/** A pending demo participant without an assessment, from the end of the list (the other specs take the first ones). */
async function pendingWithoutAssessment(page: Page): Promise<string> {
  const headers = await headersOf(page);
  const list = await (await page.request.get('/api/v1/participants/organisation/MIL-GER?status=0&pageSize=100', { headers })).json() as { items: { id: string }[] };
  for (const { id } of list.items.slice(0, -1).reverse()) {
    const view = await (await page.request.get(`/api/v1/participants/${id}/working-state`, { headers })).json();
    if (view.state.numberOfAssessments === 0) return id;
  }
  throw new Error('no pending demo participant without an assessment');
}

test('a birth date saved on the record opens New assessment on Assessments', async ({ page }) => {
  await signIn(page, 'CCM');
  const id = await pendingWithoutAssessment(page);
  const cleared = await page.request.put(`/api/v1/participant/${id}/demographics`, { headers: await headersOf(page), data: {} });
  expect(cleared.ok()).toBe(true);

  await page.goto(`/patient/${id}/assessment`);
  const create = page.getByRole('button', { name: 'New assessment' });
  await expect(create).toBeDisabled();

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').last().click();
  const demographics = page.getByRole('form', { name: 'Demographics' });
  await demographics.getByLabel('Birth date').fill('1948-05');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/participant/${id}/demographics`) && r.request().method() === 'PUT');
  await demographics.getByRole('button', { name: 'Save demographics' }).click();
  expect((await saved).ok()).toBe(true);

  await page.getByRole('link', { name: 'Assessments', exact: true }).click();
  await expect(create).toBeEnabled();
});

test('an erased participant leaves the patient list at once', async ({ page }) => {
  await signIn(page, 'CCM');
  await page.goto('/patient');
  const table = page.getByRole('table', { name: 'Participants' });
  const first = table.getByRole('row').nth(1).getByRole('link').first();
  await expect(first).toBeVisible();
  const label = (await first.getAttribute('aria-label'))!;
  const participantId = (await first.getAttribute('href'))!.split('/').at(-1)!;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const { firstName, lastName } = await (await page.request.get(`/api/v1/participant/${participantId}`, { headers })).json() as { firstName: string; lastName: string };

  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('link', { name: 'GDPR' }).click();
  await page.getByRole('button', { name: 'New request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New GDPR request' });
  await dialog.getByLabel('Participant ID').fill(participantId);
  await dialog.getByRole('combobox', { name: /^Right/ }).click();
  await page.getByRole('option', { name: /^4 · Right to erasure/ }).click();
  await dialog.getByLabel('About').fill('Erase everything');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Carry out the right' }).click();
  const confirm = page.getByRole('dialog', { name: /Carry out: Right to erasure/ });
  await confirm.getByRole('textbox').fill(`${firstName} ${lastName}`);
  await confirm.getByRole('button', { name: 'Carry out' }).click();
  await expect(page.getByText(/Erased: \d+ clinical resources? and \d+ devices?\./)).toBeVisible();

  await nav.getByRole('link', { name: 'Patients' }).click();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('link', { name: label, exact: true })).toHaveCount(0);
});
