import { expect, test } from '@playwright/test';
import { expectAccessible, signIn } from './support.ts';

/** A body weight as a device hub sends it, for a participant of its organisation. */
const weight = (participantId: string) => ({
  resourceType: 'Observation', status: 'final',
  code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
  subject: { reference: `Patient/${participantId}` },
  effectiveDateTime: new Date().toISOString(),
  valueQuantity: { value: 71.4, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
});

test('SysAdmin registers an API-key client, copies its key shown once, a hub posts an Observation with it, then the client is deleted', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'SysAdmin', '/user-management');
  await page.getByRole('tab', { name: 'Integration clients' }).click();
  await expect(page.getByRole('button', { name: 'Register a client' })).toBeVisible();
  await expectAccessible(page);

  const name = `E2E hub ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Register a client' }).click();
  const form = page.getByRole('dialog', { name: 'Register an integration client' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Organisation' }).fill('MIL-GER');
  await page.getByRole('option', { name: /MIL-GER/ }).click();
  // A device hub by default: Tech, an API key, device ingest.
  await expect(form.getByRole('radio', { name: /^API key/ })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Device data ingest (write-only)' })).toBeChecked();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Register' }).click();

  const shown = page.getByRole('dialog', { name: `API key of ${name}` });
  await expect(shown).toContainText('it will not be shown again');
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('status')).toHaveText('Copied to the clipboard.');
  await expectAccessible(page);
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toMatch(/^ic-[0-9a-f]{16}\.[\w-]{43}$/);
  await expect(shown.getByTestId('integration-secret')).toHaveValue(key);
  await shown.getByRole('button', { name: 'I have stored it' }).click();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('API key');
  await expect(row).toContainText('Never');

  // The hub, with nothing but the key: it finds a demo participant of its organisation and posts a weight.
  const headers = { apikey: key };
  const list = await (await page.request.get('/api/v1/participants/organisation/MIL-GER', { headers, params: { pageSize: 1 } })).json();
  const participantId = list.items[0].id as string;
  const posted = await page.request.post('/fhir/Observation', { headers: { ...headers, 'content-type': 'application/json' }, data: JSON.stringify(weight(participantId)) });
  expect(posted.status()).toBe(201);
  // It reads nothing clinical.
  expect((await page.request.get(`/fhir/Observation/${(await posted.json()).id}`, { headers })).status()).toBe(403);

  await page.reload();
  await page.getByRole('tab', { name: 'Integration clients' }).click();
  await expect(row).not.toContainText('Never');
  await expect(row.getByRole('img', { name: /Requests per day/ })).toBeVisible();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  expect((await page.request.post('/fhir/Observation', { headers: { ...headers, 'content-type': 'application/json' }, data: JSON.stringify(weight(participantId)) })).status()).toBe(401);
});
