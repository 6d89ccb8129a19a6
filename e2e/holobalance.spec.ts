import { expect, test } from './test.ts';
import { randomUUID } from 'node:crypto';
import { expectAccessible, signIn, tokenOf } from './support.ts';

const SNOMED = 'http://snomed.info/sct';
/** The session's components (README "HOLOBalance exercise sessions"), a reading per exercise. */
const COMPONENTS: [code: string, unit: string, readings: number[]][] = [
  ['404979006', 'deg', [35, 42, 40]], ['282108002', 'deg/s', [20, 24, 22]], ['1202026006', '{repetitions}', [10, 12, 8]], ['228450008', 's', [120, 180, 90]],
  ['62476001', '{score}', [0, 1, 0]], ['7973008', '{score}', [0, 0, 1]], ['404640003', '{score}', [2, 4, 3]], ['25064002', '{score}', [1, 2, 1]],
];

/** A HOLOBalance session and its score as the platform sends them, `symptomShift` added to the symptoms so the trend moves. */
function holoBalanceUpload(externalId: string, start: Date, score: number, symptomShift: number) {
  const session = `urn:uuid:${randomUUID()}`;
  const score_ = `urn:uuid:${randomUUID()}`;
  const effectivePeriod = { start: start.toISOString(), end: new Date(start.getTime() + 25 * 60_000).toISOString() };
  const subject = { reference: `Patient/${externalId}` };
  return {
    resourceType: 'Bundle', type: 'transaction',
    entry: [
      {
        fullUrl: session,
        resource: {
          resourceType: 'Observation', id: session, status: 'final', subject, effectivePeriod,
          code: { coding: [{ system: 'https://holobalance.eu/fhir/CodeSystem/observation', code: '1158' }] },
          component: COMPONENTS.map(([code, unit, readings], i) => ({
            code: { coding: [{ system: SNOMED, code }] },
            valueSampledData: { origin: { value: 0, system: 'http://unitsofmeasure.org', code: unit }, period: 60000, dimensions: 1, data: readings.map((r) => (i >= 4 ? Math.max(0, r + symptomShift) : r)).join(' ') },
          })),
        },
        request: { method: 'POST', url: 'Observation' },
      },
      {
        fullUrl: score_,
        resource: {
          resourceType: 'Observation', id: score_, status: 'final', subject, effectivePeriod, derivedFrom: [{ reference: session }],
          code: { coding: [{ system: 'http://loinc.org', code: '89191-1' }] }, valueQuantity: { value: score, system: 'http://unitsofmeasure.org', code: '{score}' },
        },
        request: { method: 'POST', url: 'Observation' },
      },
    ],
  };
}

test('SysAdmin registers the HOLOBalance platform with HOLOBalance subject ids, it sends sessions with the key, and the CCM reads them in the balance-training tab, in English and Italian', async ({ page, browser, context }) => {
  // Two users, five uploads and the tab read in two languages, with their accessibility checks.
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'SysAdmin', '/user-management');
  await page.getByRole('tab', { name: 'Integration clients' }).click();
  const name = `E2E HOLOBalance ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Register a client' }).click();
  const form = page.getByRole('dialog', { name: 'Register an integration client' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Organisation' }).fill('MIL-GER');
  await page.getByRole('option', { name: /MIL-GER/ }).click();
  await form.getByRole('checkbox', { name: /^Subject ids are HOLOBalance external ids/ }).check();
  await form.getByRole('button', { name: 'Register' }).click();
  const shown = page.getByRole('dialog', { name: `API key of ${name}` });
  await shown.getByRole('button', { name: 'Copy' }).click();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  await shown.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Subject ids: HOLOBalance');

  // The CCM's participant, known to the platform by their active HOLOBalance id (given one when they have none).
  const ccm = await (await browser.newContext()).newPage();
  await signIn(ccm, 'CCM');
  const headers = { authorization: `Bearer ${await tokenOf(ccm)}` };
  const list = await (await ccm.request.get('/api/v1/participants/organisation/MIL-GER', { headers, params: { pageSize: 1 } })).json();
  const participantId = list.items[0].id as string;
  const identities = await (await ccm.request.get(`/api/v1/participant/${participantId}/identity`, { headers })).json() as { Scope: number; Status: number; IdentityID: string }[];
  let externalId = identities.find((i) => i.Scope === 1 && i.Status === 3)?.IdentityID;
  if (!externalId) {
    externalId = `HB-E2E-${Date.now().toString(36)}`;
    expect((await ccm.request.post(`/api/v1/participant/${participantId}/identity`, { headers, data: { Scope: 1, Status: 3, IdentityID: externalId } })).status()).toBe(201);
  }

  // The platform: plain JSON, the key in the apikey header; four sessions over the last days, the last one sent twice.
  // At 08:00 UTC n days ago: the same session on a run against a reused server is a retry, not a new one.
  const day = (n: number) => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - n, 8));
  const uploads = [holoBalanceUpload(externalId, day(9), 55, 2), holoBalanceUpload(externalId, day(6), 63, 1), holoBalanceUpload(externalId, day(3), 70, 0), holoBalanceUpload(externalId, day(1), 78, -1)];
  for (const body of [...uploads, uploads[3]]) {
    const posted = await page.request.post('/fhir', { headers: { apikey: key, 'content-type': 'application/json' }, data: JSON.stringify(body) });
    expect(posted.status()).toBe(200);
  }

  await ccm.goto(`/patient/${participantId}/clinical-data`);
  await ccm.getByRole('tab', { name: 'Balance-training app' }).click();
  const sessions = ccm.getByRole('table', { name: 'HOLOBalance sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(5);
  await expect(sessions.getByRole('row').nth(1)).toContainText('78');
  await expect(ccm.getByRole('region', { name: 'Symptom trends' })).toBeVisible();
  await expectAccessible(ccm);
  await ccm.screenshot({ path: 'test-results/holobalance-tab-en.png', fullPage: true });
  await sessions.getByRole('button', { name: /^Open the HOLOBalance session of/ }).first().click();
  const detail = ccm.getByRole('dialog', { name: /^HOLOBalance session of/ });
  await expect(detail.getByRole('row').filter({ hasText: 'Dizziness' })).toContainText('1 · 3 · 2');
  await expectAccessible(ccm);
  await ccm.screenshot({ path: 'test-results/holobalance-session-en.png' });
  await detail.getByRole('button', { name: 'Close' }).click();

  await ccm.evaluate(() => window.localStorage.setItem('geria.language', 'it'));
  await ccm.reload();
  await ccm.getByRole('tab', { name: /^App di allenamento/ }).click();
  await expect(ccm.getByRole('table', { name: 'Sessioni HOLOBalance' }).getByRole('row')).toHaveCount(5);
  await expect(ccm.getByRole('region', { name: 'Andamento dei sintomi' })).toBeVisible();
  await ccm.screenshot({ path: 'test-results/holobalance-tab-it.png', fullPage: true });
  await ccm.getByRole('button', { name: /^Apri la sessione HOLOBalance del/ }).first().click();
  await expect(ccm.getByRole('dialog', { name: /^Sessione HOLOBalance del/ })).toContainText('Vertigini');
  await ccm.screenshot({ path: 'test-results/holobalance-session-it.png' });
});
