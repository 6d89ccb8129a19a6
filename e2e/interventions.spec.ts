import { expect, test, type Page } from './test.ts';
import { expectAccessible, signIn } from './support.ts';

const tokenOf = (page: Page) => page.evaluate(() => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
  return (JSON.parse(localStorage.getItem(key!)!) as { access_token: string }).access_token;
});

const CAREGIVER = `e2e.caregiver.${Date.now()}@example.org`;

test('a care-centre manager creates a rule; an Observation fires it: log, e-mail in the outbox, live inbox badge', async ({ page, browser }) => {
  await signIn(page, 'CCM', '/interventions/medical');
  await expect(page.getByRole('heading', { name: 'Medical interventions' })).toBeVisible();
  await expectAccessible(page);
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  // The manager adds themself, so the subscription is accepted with notifications on.
  const created = await page.request.post('/api/v1/participant', { headers, data: {
    firstName: 'Ettore', lastName: 'Interventi', caregiverEmails: [CAREGIVER], ccmids: [{ ccmid: 'demo-ccm', accepted: false, notifications: true }], pilot: 2,
  } });
  expect(created.status()).toBe(201);
  const participantId = (await created.json()).id as string;

  await page.getByRole('link', { name: 'New rule' }).click();
  await expect(page).toHaveURL(/\/interventions\/new$/);
  await page.getByRole('textbox', { name: 'Rule', exact: true }).fill('E2E heart rate');
  await page.getByRole('combobox', { name: 'Applies to' }).click();
  await page.getByRole('option', { name: 'One participant' }).click();
  await page.getByRole('textbox', { name: 'Participant id' }).fill(participantId);
  await page.getByRole('checkbox', { name: 'External caregivers' }).check();
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Heart rate {{value}} {{unit}}: please call the centre.');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/interventions\/medical$/);
  await expect(page.getByRole('cell', { name: 'E2E heart rate', exact: true })).toBeVisible();

  const badge = page.getByTestId('inbox-badge');
  await expect(badge).toHaveAttribute('aria-label', /Inbox, \d+ unread/);
  const before = Number(/(\d+) unread/.exec((await badge.getAttribute('aria-label'))!)![1]);

  const observation = {
    resourceType: 'Observation', status: 'final', subject: { reference: `Patient/${participantId}` }, effectiveDateTime: new Date().toISOString(),
    code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
    valueQuantity: { value: 142, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' },
  };
  const posted = await page.request.post('/fhir/Observation', { headers: { ...headers, 'content-type': 'application/fhir+json' }, data: JSON.stringify(observation) });
  expect(posted.status()).toBe(201);
  // Pushed by server-sent events: no reload, no polling (the demo's organisation-wide heart-rate rule may fire too).
  await expect.poll(async () => Number(/(\d+) unread/.exec((await badge.getAttribute('aria-label'))!)![1])).toBeGreaterThan(before);

  await page.getByRole('link', { name: 'Intervention logs' }).click();
  const row = page.getByRole('row', { name: /Ettore Interventi/ }).filter({ hasText: 'E2E heart rate' });
  await expect(row).toContainText('142 beats/min');
  await expect(row).toContainText('Extreme');
  await expectAccessible(page);

  await page.goto('/interventions/notifications');
  const mailRow = page.getByRole('row', { name: new RegExp(CAREGIVER) });
  // The delivery worker sends queued e-mail every few seconds.
  await expect(async () => {
    await page.reload();
    await expect(mailRow).toContainText('delivered', { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await expectAccessible(page);

  const admin = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await signIn(admin, 'SysAdmin');
  const outbox = await admin.request.get(`/api/v1/mail/outbox?recipient=${encodeURIComponent(CAREGIVER)}`, { headers: { authorization: `Bearer ${await tokenOf(admin)}` } });
  const mails = (await outbox.json()).items as { subject: string; text: string }[];
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe('Geria intervention: E2E heart rate');
  expect(mails[0]!.text).toContain('Heart rate 142 beats/min: please call the centre.');
  expect(mails[0]!.text).toContain('fired for participant Ettore Interventi: 142 beats/min, measured on');

  await page.goto(`/patient/${participantId}/interventions`);
  await expect(page.getByRole('cell', { name: 'E2E heart rate', exact: true }).first()).toBeVisible();
  await expectAccessible(page);
});

test('the inbox shows subscription requests; the manager accepts one', async ({ page }) => {
  await signIn(page, 'CCM', '/inbox');
  const requests = page.getByRole('list', { name: 'Care-centre manager requests' });
  await expect(requests.getByText('Asks you to be the care-centre manager').first()).toBeVisible();
  await expectAccessible(page);
  const pending = await requests.getByRole('button', { name: 'Accept' }).count();
  await requests.getByRole('button', { name: 'Accept' }).first().click();
  await expect(requests.getByRole('button', { name: 'Accept' })).toHaveCount(pending - 1);
});

test('a rule for a cohort by condition profile: the editor offers the seven profiling conditions, the list names the chosen ones', async ({ page }) => {
  await signIn(page, 'CCM', '/interventions/new');
  const name = `E2E frail ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Rule', exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Applies to' }).click();
  await page.getByRole('option', { name: 'A cohort by recruitment status or condition profile' }).click();
  const conditions = page.getByRole('group', { name: 'Profiling conditions' });
  await expect(conditions.getByRole('checkbox')).toHaveCount(7);
  // A cohort that names nothing is refused before it reaches the server.
  await page.getByRole('group', { name: 'Recruitment status' }).getByRole('checkbox', { checked: true }).uncheck();
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Heart rate {{value}} {{unit}}');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Choose at least one recruitment status or condition.')).toBeVisible();
  await conditions.getByRole('checkbox', { name: 'Frailty' }).check();
  await conditions.getByRole('checkbox', { name: 'Balance disorders' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/interventions\/medical$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Frailty, Balance disorders');
  await expectAccessible(page);
});
