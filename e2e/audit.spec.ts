import { expect, test } from './test.ts';
import { expectAccessible, signIn } from './support.ts';

test('audit trail: the Auditor sees who viewed a participant\'s record, the read named in words', async ({ page: auditor, browser, baseURL }) => {
  const ccm = await (await browser.newContext({ baseURL })).newPage();
  await signIn(ccm, 'CCM', '/patient');
  const record = await ccm.locator('a[href^="/patient/"]').first().getAttribute('href');
  const participantId = record!.split('/')[2]!;
  await ccm.goto(record!);
  await expect(ccm.locator('[role="progressbar"], [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });

  await signIn(auditor, 'Auditor', '/audit');
  await auditor.getByLabel('Participant ID').fill(participantId);
  await auditor.getByLabel('Action (e.g. gdpr., read.)').fill('read.');
  await auditor.getByRole('button', { name: 'Apply filters' }).click();
  const read = auditor.getByRole('table', { name: 'Audit trail' }).getByRole('row', { name: /Participant record viewed/ }).first();
  await expect(read).toContainText('demo-ccm');
  await expect(read).toContainText('read.participant');
  await expectAccessible(auditor);
  await read.getByRole('button', { name: /^Before and after of/ }).click();
  await expect(auditor.getByRole('dialog')).toContainText(participantId);
  await expectAccessible(auditor);
});
