import { expect, test } from './test.ts';
import { expectAccessible, signIn, tokenOf } from './support.ts';

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
  // While the dialog is open the page behind it is hidden from the accessibility tree, rows included:
  // the row counts as gone only once the dialog has closed (the delete answered).
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  expect((await page.request.post('/fhir/Observation', { headers: { ...headers, 'content-type': 'application/json' }, data: JSON.stringify(weight(participantId)) })).status()).toBe(401);
});

/** The Citizen Hub's daily posture upload as its HAPI client builds it (issue 34 §3), for the participant it knows as `externalId`. */
function citizenHubUpload(externalId: string, day: string) {
  const period = { start: `${day}T00:00:00+01:00`, end: `${day}T23:59:59+01:00` };
  const hours = (seconds: number[]) => ({
    origin: { value: 0, unit: 'second', system: 'http://unitsofmeasure.org', code: 's' }, period: 3600000, lowerLimit: 0, upperLimit: 3600, dimensions: 1, data: seconds.join(' '),
  });
  const observation = (urn: string, code: string, display: string, seconds: number[]) => ({
    fullUrl: urn,
    resource: {
      resourceType: 'Observation', id: urn, status: 'final', code: { coding: [{ system: 'http://snomed.info/sct', code, display }] },
      subject: { reference: `Patient/${externalId}` }, effectivePeriod: period, valueSampledData: hours(seconds),
    },
    request: { method: 'POST', url: 'Observation' },
  });
  const good = `urn:uuid:${crypto.randomUUID()}`;
  const poor = `urn:uuid:${crypto.randomUUID()}`;
  return {
    resourceType: 'Bundle', type: 'transaction',
    entry: [
      observation(good, '51093005', 'Body posture normal', Array.from({ length: 24 }, (_, h) => (h >= 8 && h < 20 ? 2400 : 0))),
      observation(poor, '249858009', 'Poor posture', Array.from({ length: 24 }, (_, h) => (h >= 8 && h < 20 ? 900 : 0))),
      {
        resource: {
          resourceType: 'DiagnosticReport', text: { status: 'empty' }, status: 'final',
          code: { coding: [{ system: 'http://snomed.info/sct', code: '298341003', display: 'Finding of body posture' }] },
          subject: { reference: `Patient/${externalId}` }, effectivePeriod: period, result: [{ reference: good }, { reference: poor }],
        },
        request: { method: 'POST', url: 'DiagnosticReport' },
      },
    ],
  };
}

test('SysAdmin registers the Citizen Hub with Smart4Health subject ids, the app uploads a day with the key, and the CCM sees the posture chart', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'SysAdmin', '/user-management');
  await page.getByRole('tab', { name: 'Integration clients' }).click();
  const name = `E2E Citizen Hub ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Register a client' }).click();
  const form = page.getByRole('dialog', { name: 'Register an integration client' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Organisation' }).fill('MIL-GER');
  await page.getByRole('option', { name: /MIL-GER/ }).click();
  await form.getByRole('checkbox', { name: /^Subject ids are Smart4Health external ids/ }).check();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Register' }).click();
  const shown = page.getByRole('dialog', { name: `API key of ${name}` });
  await shown.getByRole('button', { name: 'Copy' }).click();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  await shown.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Subject ids: Smart4Health');

  // The CCM's participant, known to the app by their active Smart4Health id (given one when they have none).
  const ccm = await (await browser.newContext()).newPage();
  await signIn(ccm, 'CCM');
  const headers = { authorization: `Bearer ${await tokenOf(ccm)}` };
  const list = await (await ccm.request.get('/api/v1/participants/organisation/MIL-GER', { headers, params: { pageSize: 1 } })).json();
  const participantId = list.items[0].id as string;
  const identities = await (await ccm.request.get(`/api/v1/participant/${participantId}/identity`, { headers })).json() as { Scope: number; Status: number; IdentityID: string }[];
  let externalId = identities.find((i) => i.Scope === 2 && i.Status === 3)?.IdentityID;
  if (!externalId) {
    externalId = `S4H-E2E-${Date.now().toString(36)}`;
    expect((await ccm.request.post(`/api/v1/participant/${participantId}/identity`, { headers, data: { Scope: 2, Status: 3, IdentityID: externalId } })).status()).toBe(201);
  }

  // The app: plain JSON, the key in the apikey header; a retry of the day stores nothing new.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  for (let attempt = 0; attempt < 2; attempt++) {
    const posted = await page.request.post('/fhir', { headers: { apikey: key, 'content-type': 'application/json' }, data: JSON.stringify(citizenHubUpload(externalId, yesterday)) });
    expect(posted.status()).toBe(200);
  }

  await ccm.goto(`/patient/${participantId}/clinical-data`);
  await ccm.getByRole('tab', { name: 'Health-data app' }).click();
  const chart = ccm.getByRole('region', { name: 'Posture (Citizen Hub)' });
  await chart.getByRole('button', { name: 'View Posture (Citizen Hub) as a table' }).click();
  // 12 hours of 40 minutes good and 15 minutes poor posture.
  await expect(chart.getByRole('row').filter({ hasText: yesterday })).toHaveText(`${yesterday}83`);
  // The day's hourly profile (the latest day by default): 40 minutes good and 15 poor from 08:00 to 20:00, none at night.
  const profile = ccm.getByRole('region', { name: 'Posture hour by hour' });
  await expect(profile.getByRole('combobox', { name: 'Day shown' })).toBeVisible();
  await ccm.screenshot({ path: test.info().outputPath('posture-hours-en.png'), fullPage: true });
  await profile.getByRole('button', { name: 'View Posture hour by hour as a table' }).click();
  await expect(profile.getByRole('row').filter({ hasText: '09:00–10:00' })).toHaveText('09:00–10:004015');
  await expect(profile.getByRole('row').filter({ hasText: '03:00–04:00' })).toHaveText('03:00–04:0000');
  await expectAccessible(ccm);

  // The same tab in Greek, the language whose words run longest.
  await profile.getByRole('button', { name: 'View Posture hour by hour as a chart' }).click();
  await ccm.getByLabel('Language: EN').click();
  await ccm.getByRole('menuitem', { name: 'EL · Ελληνικά' }).click();
  await expect(ccm.getByRole('region', { name: 'Στάση σώματος ανά ώρα' }).getByRole('combobox', { name: 'Ημέρα που εμφανίζεται' })).toBeVisible();
  await ccm.screenshot({ path: test.info().outputPath('posture-hours-el.png'), fullPage: true });

  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
});
