import { expect, test, type Page } from './test.ts';
import { expectAccessible, signIn, tokenOf } from './support.ts';

const SHOTS = process.env.SCREENSHOTS_DIR;
const WALK = 'Time to walk 6 m (seconds)';

/** An accepted demo participant's assessment whose balance-disorders tab is open. */
async function balanceAssessment(page: Page): Promise<string> {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const list = await (await page.request.get('/api/v1/participants/organisation/MIL-GER?status=1&pageSize=100', { headers })).json() as { items: { id: string }[] };
  for (const { id } of list.items) {
    const { items } = await (await page.request.get(`/api/v1/participants/${id}/assessments`, { headers })).json() as { items: { id: string; tabs: { tab: string; open: boolean }[] }[] };
    const open = items.find((a) => a.tabs.some((t) => t.tab === 'balance_disorders' && t.open));
    if (open) return `/patient/${id}/assessment/${open.id}`;
  }
  throw new Error('no demo assessment with the balance tab open');
}

/** Opens the FGA of the assessment's balance tab in the runner, from a fresh form (a demo FGA may exist). */
async function openFga(page: Page, tab: string, name: RegExp, start: string, reset: string) {
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: start, exact: true }).click();
  await dialog.getByRole('button', { name: reset, exact: true }).click();
  return dialog;
}

async function screenshot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('FGA on a tablet: the stopwatch times the 6 m walk and suggests the level, the clinician overrides it, and the time is saved with the answer', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page, 'CCM');
  const assessment = await balanceAssessment(page);
  // The page's clock is ours, so the stopwatch measures exactly what the test lets pass.
  await page.clock.install();
  await page.goto(assessment);
  const dialog = await openFga(page, 'Balance disorders', /(Fill|Edit) the Functional Gait Assessment questionnaire/, 'Start', 'Reset');
  const question = dialog.getByRole('radiogroup', { name: 'Gait on a level surface' });
  await expect(question.getByRole('radio')).toHaveCount(4);
  for (const option of ['Normal (< 5.5 s)', 'Mild impairment (5.5–7 s)', 'Moderate impairment (≥ 7 s)', 'Severe impairment']) {
    await expect(question.getByRole('radio', { name: option, exact: true })).toBeVisible();
  }
  const stopwatch = dialog.getByRole('group', { name: `Stopwatch: ${WALK}` });
  const start = stopwatch.getByRole('button', { name: `Start: ${WALK}` });
  const box = await start.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(48);
  await expectAccessible(page);
  await screenshot(page, 'fga-stopwatch-768-en');

  await page.clock.pauseAt(new Date(Date.now() + 2_000));
  await start.click();
  await page.clock.runFor(4_230);
  await stopwatch.getByRole('button', { name: `Stop: ${WALK}` }).click();
  await page.clock.resume();
  await expect(dialog.getByRole('spinbutton', { name: WALK })).toHaveValue('4.23');
  await expect(question.getByRole('radio', { name: 'Normal (< 5.5 s)' })).toBeChecked();
  await expect(dialog.getByText('Level suggested by the measurement: Normal.')).toBeVisible();

  // The clinician saw the walker deviate from the path: mild, whatever the time.
  await question.getByRole('radio', { name: 'Mild impairment (5.5–7 s)' }).check();
  await expect(dialog.getByText('The measurement suggests Normal; the level chosen differs.')).toBeVisible();
  await screenshot(page, 'fga-override-768-en');
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Items 2–10: level 2 everywhere; the pivot turn's time is typed, the tandem walk's steps counted.
  for (let step = 2; step <= 10; step++) {
    await expect(dialog.getByText(`Step ${step} of 10`)).toBeVisible();
    if (step === 5) {
      await dialog.getByRole('spinbutton', { name: 'Time to pivot turn and stop (seconds)' }).fill('3.4');
      await expect(dialog.getByRole('radio', { name: 'Mild impairment (> 3 s)' })).toBeChecked();
    } else if (step === 7) {
      await dialog.getByRole('spinbutton', { name: 'Steps heel to toe along 3.6 m (up to 10)' }).fill('8');
      await expect(dialog.getByRole('radio', { name: 'Mild impairment (7–9 steps)' })).toBeChecked();
    } else {
      await dialog.getByRole('radio', { name: /^Mild impairment/ }).check();
    }
    await dialog.getByRole('button', { name: 'Next' }).click();
  }
  await expect(dialog.getByTestId('score-total')).toHaveText('20 of 30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Score: 20')).toBeVisible();

  // Opened again, the form holds the time and the level chosen over the suggestion.
  await page.getByRole('button', { name: 'Edit the Functional Gait Assessment questionnaire' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('dialog').getByRole('spinbutton', { name: WALK })).toHaveValue('4.23');
  await expect(page.getByRole('dialog').getByRole('radio', { name: 'Mild impairment (5.5–7 s)' })).toBeChecked();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // The QuestionnaireResponse keeps the time in the item's answer.
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const patient = assessment.split('/')[2];
  const list = await (await page.request.get(`/api/v1/patients/${patient}/questionnaire-responses?instrumentId=fga`, { headers })).json() as { items: { id: string; answers: Record<string, unknown> }[] };
  expect(list.items[0].answers).toMatchObject({ 'fga-1': 2, 'fga-1-seconds': 4.23, 'fga-5-seconds': 3.4, 'fga-7-steps': 8 });
  const stored = await (await page.request.get(`/api/v1/questionnaire-responses/${list.items[0].id}`, { headers })).json() as { response: { item: { linkId: string; answer: { item?: { linkId: string; answer: unknown[] }[] }[] }[] } };
  expect(stored.response.item[0].answer[0].item).toEqual([expect.objectContaining({ linkId: 'fga-1-seconds', answer: [{ valueDecimal: 4.23 }] })]);
});

test('FGA in Greek on a phone: thresholds, stopwatch and suggestion fit a 390 px screen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'CCM');
  const assessment = await balanceAssessment(page);
  await page.evaluate(() => window.localStorage.setItem('geria.language', 'el'));
  await page.goto(assessment);
  const dialog = await openFga(page, 'Διαταραχές ισορροπίας', /Λειτουργική Αξιολόγηση Βάδισης/, 'Έναρξη', 'Επαναφορά');
  await expect(dialog.getByRole('radio', { name: 'Φυσιολογικό (< 5,5 δευτ.)' })).toBeVisible();
  await dialog.getByRole('spinbutton', { name: 'Χρόνος βάδισης 6 m (δευτερόλεπτα)' }).fill('6.2');
  await expect(dialog.getByRole('radio', { name: 'Ήπια διαταραχή (5,5–7 δευτ.)' })).toBeChecked();
  await expect(dialog.getByText('Επίπεδο που προτείνει η μέτρηση: Ήπια διαταραχή.')).toBeVisible();
  const stopwatch = dialog.getByRole('group', { name: /^Χρονόμετρο/ });
  // The three buttons stay inside the screen.
  for (const button of await stopwatch.getByRole('button').all()) {
    const box = await button.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.height).toBeGreaterThanOrEqual(48);
  }
  await expectAccessible(page);
  await screenshot(page, 'fga-stopwatch-390-el');
  await page.setViewportSize({ width: 768, height: 1024 });
  await screenshot(page, 'fga-stopwatch-768-el');
});
