import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test.ts';
import { expectAccessible, signIn } from './support.ts';

const tokenOf = (page: Page) => page.evaluate(() => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
  return (JSON.parse(localStorage.getItem(key!)!) as { access_token: string }).access_token;
});

/** Demo participants of the demo organisation; `withDevice` keeps those with a device. */
async function participants(page: Page, withDevice = false): Promise<string[]> {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const list = await (await page.request.get('/api/v1/participants/organisation/MIL-GER?pageSize=100', { headers })).json() as { items: { id: string }[] };
  if (!withDevice) return list.items.map((i) => i.id);
  const found: string[] = [];
  for (const { id } of list.items) {
    const devices = await (await page.request.get(`/api/v1/participant/${id}/device`, { headers })).json() as unknown[];
    if (devices.length) found.push(id);
    if (found.length) break;
  }
  return found;
}

async function createRequest(page: Page, participantId: string, right: RegExp, about: string) {
  await page.goto(`/gdpr?new&participantId=${participantId}`);
  const dialog = page.getByRole('dialog', { name: 'New GDPR request' });
  await expect(dialog.getByLabel('Participant ID')).toHaveValue(participantId);
  await dialog.getByRole('combobox', { name: /^Right/ }).click();
  await page.getByRole('option', { name: right }).click();
  await dialog.getByLabel('About').fill(about);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/gdpr\/\d+\/show$/);
  await expect(page.getByText('GDPR request created.')).toBeVisible();
}

test('GDPR: overview, create an access request, attach a file, queue it, run the export and download it', async ({ page }) => {
  await signIn(page, 'CCM', '/gdpr');
  await expect(page.getByRole('heading', { name: 'GDPR requests' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'GDPR requests' }).getByRole('row')).not.toHaveCount(1);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'In the queue' }).click();
  await expect(page.getByRole('table', { name: 'GDPR requests' }).getByText('Initiation')).toHaveCount(0);
  await expectAccessible(page);

  const [participantId] = await participants(page);
  await createRequest(page, participantId, /^2 · Right of access/, 'Copy of my data');
  await expectAccessible(page);

  await page.getByLabel('Attach a file').setInputFiles({ name: '../../request letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 letter') });
  await expect(page.getByText('A file was attached to the request.')).toBeVisible();
  await expect(page.getByText('request_letter.pdf', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add to the queue' }).click();
  await expect(page.getByText('The GDPR request was added to the queue.')).toBeVisible();

  await page.getByRole('button', { name: 'Carry out the right' }).click();
  const confirm = page.getByRole('dialog', { name: /Carry out: Right of access/ });
  await expect(confirm).toContainText('zip file attached to this request');
  await confirm.getByRole('button', { name: 'Carry out' }).click();
  await expect(page.getByText('The export is attached below.')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Download gdpr-\d+-access-.*\.zip$/ }).click(),
  ]);
  const zip = readFileSync((await download.path())!);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  await expect(page.getByRole('list').filter({ hasText: 'Right carried out' })).toBeVisible();
  await expectAccessible(page);
});

test('GDPR: erasure after typing the participant\'s name leaves the request, closed, as the trace', async ({ page }) => {
  await signIn(page, 'CCM');
  const ids = await participants(page);
  const participantId = ids.at(-1)!;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const { firstName, lastName } = await (await page.request.get(`/api/v1/participant/${participantId}`, { headers })).json() as { firstName: string; lastName: string };
  await createRequest(page, participantId, /^4 · Right to erasure/, 'Erase everything');
  await page.getByRole('button', { name: 'Carry out the right' }).click();
  const confirm = page.getByRole('dialog', { name: /Carry out: Right to erasure/ });
  await expect(confirm).toContainText('This cannot be undone.');
  await expectAccessible(page);
  const carry = confirm.getByRole('button', { name: 'Carry out' });
  await expect(carry).toBeDisabled();
  const field = confirm.getByLabel(/^Type the participant's full name( or study code)? to confirm$/);
  await expect(confirm).toContainText(`This request concerns ${firstName} ${lastName}`);
  await field.fill(participantId);
  await expect(carry).toBeDisabled();
  await field.fill(`${firstName} ${lastName}`.toLowerCase());
  await carry.click();
  await expect(page.getByText(/Erased: \d+ clinical resources? and \d+ devices?\./)).toBeVisible();
  await expect(page.getByText('erased', { exact: true })).toBeVisible();
  // Carried out, the request has reached the end of its lifecycle.
  await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Carry out the right' })).toHaveCount(0);
  const gone = await page.request.get(`/api/v1/participant/${participantId}`, { headers });
  expect(gone.status()).toBe(404);
});

test('adverse events: record one suspecting a device, then edit it', async ({ page }) => {
  await signIn(page, 'CCM');
  const [participantId] = await participants(page, true);
  await page.goto(`/patient/${participantId}`);
  const section = page.getByRole('region', { name: 'Adverse events' });
  await section.getByRole('button', { name: 'Add adverse event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add adverse event' });
  await dialog.getByLabel('Event').fill('Fell while stepping off the balance board');
  for (const [field, option] of [['Category', 'Medical device use error'], ['Severity', 'Moderate'], ['Outcome', 'Recovering'], ['Causality', 'Possibly related'], ['Seriousness', 'Non-serious']]) {
    await dialog.getByRole('combobox', { name: new RegExp(`^${field}`) }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await dialog.getByRole('combobox', { name: /^Suspected entities/ }).click();
  await page.getByRole('option', { name: /^Device: / }).first().click();
  await page.keyboard.press('Escape');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Adverse event recorded.')).toBeVisible();
  const row = section.getByRole('row', { name: /Fell while stepping off the balance board/ });
  await expect(row).toContainText('Medical device use error');
  await expect(row).toContainText('Device: ');

  await row.getByRole('button', { name: /^Edit Fell while/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit adverse event' });
  await edit.getByRole('combobox', { name: /^Outcome/ }).click();
  await page.getByRole('option', { name: 'Resolved', exact: true }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Adverse event updated.')).toBeVisible();
  await expect(row).toContainText('Resolved');
  await expectAccessible(page);

  // The participant's adverse-events route shows the same list on its own page.
  await page.goto(`/patient/${participantId}/adverse-events`);
  await expect(page.getByRole('heading', { level: 1, name: 'Adverse events' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Adverse events' }).getByRole('row', { name: /Fell while stepping off the balance board/ })).toContainText('Resolved');
  await expectAccessible(page);
});

test('audit trail: the Auditor filters GDPR steps, reads a change before and after, and exports CSV', async ({ page }) => {
  await signIn(page, 'Auditor', '/audit');
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  await page.getByLabel('Action (e.g. gdpr., read.)').fill('gdpr.');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const table = page.getByRole('table', { name: 'Audit trail' });
  // Actions are named, not shown as codes (gdpr.executed).
  await expect(table.getByRole('row').nth(1)).toContainText(/data-protection/i);
  await expectAccessible(page);
  await table.getByRole('button', { name: /^Before and after of/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'After' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('id,at,actor,organisation,action');
  expect(csv).toContain('gdpr.executed');
});
