import { expect, test, type Page } from './test.ts';
import { expectAccessible, signIn, typeDay } from './support.ts';

const SHOTS = process.env.SCREENSHOTS_DIR;

/** The signed-in user's access token, for the few API reads that pick the test's participant. */
const tokenOf = (page: Page) => page.evaluate(() => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
  return (JSON.parse(localStorage.getItem(key!)!) as { access_token: string }).access_token;
});

/** A pending demo participant with a birth date and no assessment yet (the n-th such one). */
async function unscreenedParticipant(page: Page, n = 0): Promise<string> {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const list = await (await page.request.get('/api/v1/participants/organisation/MIL-GER?status=0&pageSize=100', { headers })).json() as { items: { id: string }[] };
  let skip = n;
  for (const { id } of list.items) {
    const view = await (await page.request.get(`/api/v1/participants/${id}/working-state`, { headers })).json();
    if (view.state.numberOfAssessments === 0 && view.state.birthdayPresent && skip-- === 0) return id;
  }
  throw new Error('no pending demo participant without an assessment');
}

/** Runs a questionnaire of the open assessment: the answers in order, one radio per question of each step, then Save. */
async function fillQuestionnaire(page: Page, name: string, answers: string[]) {
  await page.getByRole('button', { name: `Fill the ${name} questionnaire` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Start' }).click();
  const left = [...answers];
  for (let step = 1; left.length; step++) {
    await expect(dialog.getByText(`Step ${step} of `)).toBeVisible();
    const questions = dialog.getByRole('radiogroup');
    for (let i = 0, count = await questions.count(); i < count; i++) await questions.nth(i).getByRole('radio', { name: left.shift(), exact: true }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function screenshot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('first assessment: profiling, Dexterity and a failing MoCA, then Don\'t exclude with a reason, clinical fields and the balance assessment', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'CCM');
  const id = await unscreenedParticipant(page);
  await page.goto(`/patient/${id}`);
  await page.getByRole('link', { name: 'Assessments', exact: true }).click();
  const recruitment = page.getByRole('region', { name: 'Recruitment' });
  await expect(recruitment.getByText('Pending', { exact: true })).toBeVisible();
  await expect(recruitment.getByText('Please fill the Dexterity questionnaire before deciding whether the patient could be accepted')).toBeVisible();
  await expect(page.getByText('No assessment has been recorded yet.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New assessment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Assessment 1' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Frailty' })).toBeDisabled();
  await expectAccessible(page);

  await page.getByRole('checkbox', { name: 'Frailty' }).check();
  await page.getByRole('checkbox', { name: 'Balance disorders' }).check();
  await page.getByRole('button', { name: 'Save the profiling' }).click();
  await expect(page.getByText('Profiling saved.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Frailty' })).toBeEnabled();
  await expect(page.getByRole('tab', { name: 'Balance disorders' })).toBeEnabled();

  await fillQuestionnaire(page, 'Dexterity (HUI3)', ['Some limitation, but no special tools or help needed']);
  // MoCA 15 (17 items in seven domains): every point up to the first sentence repeated, then none; more than 12 years of education.
  await fillQuestionnaire(page, 'Montreal Cognitive Assessment (MoCA)', ['1', '1', '1', '1', '1', '1', '1', '1', '1', '1', '1', '3', '1', '0', '0', '0', '0', 'No']);
  await expect(page.getByText('Score: 15')).toBeVisible();

  await expect(recruitment.getByText('The patient has a cognitive disorder according to the MOCA')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Cognitive disorders' })).toBeEnabled();
  await screenshot(page, 'assessment-risk-en');
  await recruitment.getByRole('button', { name: 'Don\'t exclude' }).click();
  const decision = page.getByRole('dialog', { name: 'Don\'t exclude' });
  await expect(decision.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await decision.getByLabel(/^Reason/).fill('Low schooling explains the MoCA score; the family supports the participation.');
  await decision.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Patient state updated')).toBeVisible();
  await expect(recruitment.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(recruitment.getByText('Exclusion risk reviewed: the patient stays in the study')).toBeVisible();
  await expect(recruitment.getByRole('button', { name: 'Don\'t exclude' })).toHaveCount(0);

  const vitals = page.getByRole('form', { name: 'Vital signs' });
  const standing = vitals.getByRole('group', { name: 'Standing blood pressure' });
  await standing.getByRole('textbox', { name: 'Systolic blood pressure' }).fill('135');
  await standing.getByRole('textbox', { name: 'Diastolic blood pressure' }).fill('85');
  await vitals.getByRole('button', { name: /^Save/ }).click();
  await expect(vitals.getByText('Arm from which the pressure was taken is required to insert the Blood Pressure')).toBeVisible();
  const body = page.getByRole('form', { name: 'Anthropometry' });
  await body.getByRole('textbox', { name: 'Body weight' }).fill('70');
  await body.getByRole('textbox', { name: 'Body height' }).fill('175');
  await body.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText('Clinical data saved.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Anthropometry' }).getByText('22.9')).toBeVisible();
  const conditions = page.getByRole('form', { name: 'Conditions and family history' });
  await conditions.getByRole('combobox', { name: 'Hypertension: patient' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await conditions.getByRole('checkbox', { name: 'Type 2 diabetes: family history' }).check();
  await conditions.getByRole('button', { name: 'Save the conditions' }).click();
  await expect(page.getByText('Conditions saved.')).toBeVisible();
  await screenshot(page, 'assessment-general-en');

  await page.getByRole('tab', { name: 'Balance disorders' }).click();
  const wizard = page.getByRole('region', { name: 'Balance disorder assessment' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Please enter the number of falls (0 if none).')).toBeVisible();
  await wizard.getByRole('textbox', { name: 'Number of falls' }).fill('2');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('radio', { name: 'Yes' }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  // Steps 3 and 4 start from the medication list of the record.
  await expect(wizard.getByRole('radiogroup', { name: 'Does the patient take more than four medications?' }).getByRole('radio', { checked: true })).toHaveCount(1);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('checkbox', { name: 'Dizziness' }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('textbox', { name: 'Short FES-I score' }).fill('9');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('radiogroup', { name: 'Is the Romberg test abnormal?' }).getByRole('radio', { name: 'No' }).check();
  await wizard.getByRole('radiogroup', { name: 'Is the timed up and go test abnormal?' }).getByRole('radio', { name: 'No' }).check();
  await wizard.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The patient is eligible for the balance disorder assessment')).toBeVisible();
  await expect(page.getByText('At least one fall')).toBeVisible();
  await expect(page.getByText('Fear of falling')).toBeVisible();
  // The scan waits for the message bar, whose fade-in would be measured half transparent.
  await expect(page.getByText('Balance eligibility recorded.')).toBeHidden();
  await expectAccessible(page);
  await screenshot(page, 'assessment-balance-en');

  await page.goto(`/patient/${id}/assessment`);
  await expect(page.getByRole('link', { name: 'Assessment 1' })).toBeVisible();
  await expect(page.getByText(/^General: 2\/14$/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'timeline-en');
  await page.evaluate("localStorage.setItem('geria.language', 'it')");
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cronologia delle valutazioni' })).toBeVisible();
  await screenshot(page, 'timeline-it');
  await page.getByRole('link', { name: 'Valutazione 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Valutazione 1' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'assessment-it');
});

test('a screened participant is accepted, then withdrawn on a drop-off date, which ends the assessments', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'CCM');
  const id = await unscreenedParticipant(page, 1);
  await page.goto(`/patient/${id}/assessment`);
  await page.getByRole('button', { name: 'New assessment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Assessment 1' })).toBeVisible();
  await fillQuestionnaire(page, 'Dexterity (HUI3)', ['Full use of both hands and all ten fingers']);
  // MoCA 28: every point but two of orientation.
  await fillQuestionnaire(page, 'Montreal Cognitive Assessment (MoCA)', ['1', '1', '1', '1', '1', '1', '1', '1', '1', '1', '1', '3', '2', '1', '2', '5', '4', 'No']);
  const recruitment = page.getByRole('region', { name: 'Recruitment' });
  await expect(recruitment.getByText('Exclusion risk')).toHaveCount(0);
  await recruitment.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('dialog', { name: 'Accept' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(recruitment.getByText('Accepted', { exact: true })).toBeVisible();

  await recruitment.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw' });
  await typeDay(page, dialog.getByRole('group', { name: /^Drop-off date/ }), '2026-11-01');
  await expect(dialog.getByRole('group', { name: /^Drop-off date/ })).toContainText('01/11/2026');
  await dialog.getByLabel(/^Reason/).fill('Moved to another region');
  await expectAccessible(page);
  await screenshot(page, 'withdraw-dialog-en');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(recruitment.getByText('Withdrawn', { exact: true })).toBeVisible();
  await page.goto(`/patient/${id}/assessment`);
  await expect(page.getByText('No new assessment can be created because the patient\'s participation in the study has ended.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New assessment' })).toBeDisabled();
});

/** A demo participant with a device and an assessment, and that assessment. */
async function assessedWithDevice(page: Page): Promise<{ id: string; encounter: string }> {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const list = await (await page.request.get('/api/v1/participants/organisation/MIL-GER?pageSize=100', { headers })).json() as { items: { id: string }[] };
  for (const { id } of list.items) {
    const devices = await (await page.request.get(`/api/v1/participant/${id}/device`, { headers })).json() as unknown[];
    if (!devices.length) continue;
    const assessments = await (await page.request.get(`/api/v1/participants/${id}/assessments`, { headers })).json() as { items: { id: string }[] };
    if (assessments.items.length) return { id, encounter: assessments.items[0]!.id };
  }
  throw new Error('no demo participant with a device and an assessment');
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the assessment page and the record fit the screen: no sideways scroll, titles beside their buttons, row actions in view', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'CCM');
    const { id, encounter } = await assessedWithDevice(page);

    await page.goto(`/patient/${id}/assessment/${encounter}`);
    await expect(page.getByRole('heading', { name: 'Conditions and family history' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Fill|Edit) the .* questionnaire$/ }).first()).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    // No questionnaire title runs under its button.
    const overlaps = await page.getByRole('button', { name: /^(Fill|Edit) the .* questionnaire$/ }).evaluateAll((buttons) => buttons.filter((button) => {
      const title = button.closest('li')!.querySelector('.MuiListItemText-primary')!.getBoundingClientRect();
      const b = button.getBoundingClientRect();
      return title.right > b.left && title.left < b.right && title.bottom > b.top && title.top < b.bottom;
    }).length);
    expect(overlaps).toBe(0);
    await expectAccessible(page);

    await page.goto(`/patient/${id}`);
    const devices = page.getByRole('group', { name: 'Devices' });
    const modify = devices.getByRole('button', { name: /^Modify / }).first();
    await expect(modify).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const box = (await modify.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
});
