import { expect, test, type Page } from './test.ts';
import { expectAccessible, signIn } from './support.ts';

/** Opens the preview of an instrument from the Instruments page; its dialog is named by the instrument. */
async function preview(page: Page, title: RegExp, previewLabel: RegExp) {
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: previewLabel }).click();
  return page.getByRole('dialog', { name: title });
}

const PHQ9_OPTIONS = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'];

test('PHQ-9 in English: known answers give the total and band, and the runner is accessible', async ({ page }) => {
  await signIn(page, 'ClinicalExpert', '/instruments');
  await expect(page.getByRole('heading', { level: 1, name: 'Instruments' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(26);
  const dialog = await preview(page, /PHQ-9/, /^Preview/);
  await expect(dialog.getByText('Preview: nothing is saved.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog.getByRole('heading', { level: 3, name: 'Question 1' })).toBeFocused();
  await expectAccessible(page);

  // 1,2,3,1,2,0,1,2,0 = 12: moderate.
  for (const [i, points] of [1, 2, 3, 1, 2, 0, 1, 2, 0].entries()) {
    await expect(dialog.getByText(`Step ${i + 1} of 10`)).toBeVisible();
    await dialog.getByRole('radio', { name: PHQ9_OPTIONS[points], exact: true }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
  }
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { level: 3, name: 'Result' })).toBeFocused();
  await expect(dialog.getByTestId('score-total')).toHaveText('12 of 27');
  await expect(dialog.locator('[data-band="moderate"]')).toContainText('Moderate');
  await expect(dialog.locator('[data-band="moderate"]')).toContainText('cut-off for major depression');
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/** Chooses the k-th option (1-based) of the radio group that has focus just after Tab, from the keyboard. */
async function chooseByKeyboard(page: Page, k: number) {
  await page.keyboard.press('Tab');
  if (k === 1) await page.keyboard.press('Space');
  for (let i = 1; i < k; i++) await page.keyboard.press('ArrowDown');
}

test('GHABP in Greek, keyboard only: the four situations, the Recap and the six scales', async ({ page }) => {
  await signIn(page, 'ClinicalExpert', '/instruments');
  await page.evaluate(() => window.localStorage.setItem('geria.language', 'el'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Εργαλεία αξιολόγησης' })).toBeVisible();
  const card = page.getByRole('article', { name: /GHABP/ });
  await card.getByRole('button', { name: /^Προεπισκόπηση/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /GHABP/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Έναρξη' }).focus();
  await page.keyboard.press('Enter');

  // Television: moderate difficulty (50), a little worry (25); Background noise: does not happen;
  // Busy street: cannot manage (100), quite a lot (75); Several people: slight (25), not at all (0).
  const situations: [string, [number, number] | null][] = [
    ['Τηλεόραση', [3, 2]], ['Θόρυβος περιβάλλοντος', null], ['Πολυσύχναστος δρόμος', [5, 4]], ['Πολλά άτομα', [2, 1]],
  ];
  for (const [title, answers] of situations) {
    await expect(dialog.getByRole('heading', { level: 3, name: title })).toBeFocused();
    await chooseByKeyboard(page, answers ? 1 : 2);
    if (answers) for (const k of answers) await chooseByKeyboard(page, k);
    await page.keyboard.press('Enter');
  }
  await expect(dialog.getByRole('heading', { level: 3, name: 'Ανακεφαλαίωση' })).toBeFocused();
  const recap = dialog.getByRole('table', { name: 'Ανακεφαλαίωση' });
  await expect(recap.getByRole('columnheader')).toHaveText(['Ερώτηση', 'Τηλεόραση', 'Θόρυβος περιβάλλοντος', 'Πολυσύχναστος δρόμος', 'Πολλά άτομα']);
  await expect(recap).toContainText('Δεν ισχύει');
  const scales = dialog.getByRole('table', { name: 'Υποκλίμακες' });
  await expect(scales.getByRole('row', { name: /Αρχική αναπηρία/ })).toContainText('58,33');
  await expect(scales.getByRole('row', { name: /Επιβάρυνση/ })).toContainText('33,33');
  await expect(scales.getByRole('row', { name: /Ικανοποίηση/ })).toContainText('Δεν υπολογίζεται');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
