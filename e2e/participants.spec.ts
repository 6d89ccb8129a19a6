import { expect, test, type Page } from './test.ts';
import { expectAccessible, signIn, typeDay } from './support.ts';

const run = Date.now().toString(36).toUpperCase();

/** A field's accessible name, with or without the required-field asterisk. */
const named = (label: string) => new RegExp(`^${label.replace(/[()]/g, '\\$&')}(\\s*\\*)?$`);

/** Fills and saves the open item dialog: text and number fields by label, selects by option name. */
async function fillDialog(page: Page, values: Record<string, string>, selects: Record<string, string> = {}) {
  const dialog = page.getByRole('dialog');
  for (const [label, option] of Object.entries(selects)) {
    await dialog.getByRole('combobox', { name: named(label) }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(named(label)).fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
}

test.describe('participants', () => {
  test('the list is paged by the server, searchable and accessible', async ({ page }) => {
    await signIn(page, 'CCM', '/patient');
    const table = page.getByRole('table', { name: 'Participants' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // A page of 25 (fewer when another test has erased participants of the demo's 25 or so).
    const total = Number((await page.getByText(/^1–\d+ of \d+$/).textContent())!.split(' of ')[1]);
    await expect(table.getByRole('row')).toHaveCount(Math.min(total, 25) + 1);
    // Sorted by the server: a header click sorts by that column, ascending first.
    await table.getByRole('button', { name: 'Full name' }).click();
    await expect(table.getByRole('columnheader', { name: 'Full name' })).toHaveAttribute('aria-sort', 'ascending');
    // Paged by the server: ten per page, and the next page shows the next participants.
    await page.getByRole('combobox', { name: 'Rows per page:' }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect(table.getByRole('row')).toHaveCount(11);
    const first = await table.getByRole('row').nth(1).textContent();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByText(/^11–20 of \d+$/)).toBeVisible();
    await expect(table.getByRole('row').nth(1)).not.toHaveText(first!);
    await expectAccessible(page);
    await page.getByLabel('Search by id, name or external id').fill('zzzz-nobody');
    await expect(page.getByText('No participants to show')).toBeVisible();
  });

  test('the new participant form fits a phone in English and Greek: no label is cut short', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'CCM', '/patient');
    for (const [language, title] of [['en', 'New participant'], ['el', 'Νέος συμμετέχων']] as const) {
      if (language !== 'en') {
        await page.evaluate((l) => window.localStorage.setItem('geria.language', l), language);
        await page.reload();
      }
      await page.getByRole('button', { name: title }).click();
      const form = page.getByRole('dialog', { name: title });
      await expect(form.getByRole('combobox').first()).toBeVisible();
      const cut = await form.locator('label').evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));
      expect(cut, language).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(form).toHaveCount(0);
    }
  });

  test('create a participant, record demographics, devices, an external id and medications', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'CCM', '/patient');
    await page.getByRole('button', { name: 'New participant' }).click();
    const form = page.getByRole('dialog', { name: 'New participant' });
    // A CCM creating a participant becomes its care-centre manager, and is told so before saving.
    await expect(form.getByText('You will be added as a care-centre manager of this participant')).toBeVisible();
    await form.getByLabel('First name').fill('Lucia');
    await form.getByLabel('Last name').fill(`Marchetti ${run}`);
    await form.getByRole('combobox', { name: 'Pilot' }).click();
    await page.getByRole('option', { name: 'Italian-Portuguese' }).click();
    await form.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'IT', exact: true }).click();
    await form.getByLabel('Contact phone').fill('12');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Phone Number is invalid')).toBeVisible();
    await form.getByLabel('Contact phone').fill('+39 02 1234 5678');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/patient\/[0-9a-f-]{36}$/);

    // Demographics: the reminder shows until an age is recorded.
    const reminder = page.getByText("Remember to record the birthday date or age of the patient, otherwise you won't be able to go to the assessments page");
    await expect(reminder).toBeVisible();
    const demographics = page.getByRole('form', { name: 'Demographics' });
    await demographics.getByLabel('Age (years)').fill('81');
    await demographics.getByRole('combobox', { name: 'Gender', exact: true }).click();
    await page.getByRole('option', { name: 'Female', exact: true }).click();
    await demographics.getByRole('combobox', { name: 'Lives with' }).click();
    await page.getByRole('option', { name: 'Spouse or partner' }).click();
    await typeDay(page, demographics.getByRole('group', { name: 'Date of consent' }), '2026-11-02');
    await demographics.getByRole('button', { name: 'Save demographics' }).click();
    await expect(reminder).toBeHidden();
    await expect(demographics.getByText('80-89')).toBeVisible();
    // An age opens the assessments page; an assessment needs the birth date, which replaces the age (one rule, said alike on both pages).
    const needsBirthDate = page.getByText('Before creating an assessment, you must first set the birth date of the patient.');
    await expect(needsBirthDate).toBeVisible();
    await demographics.getByLabel('Birth date').fill('1944-03');
    const age = demographics.getByRole('textbox', { name: 'Age (years)' });
    await expect(age).not.toBeEditable();
    await expect(age).toHaveValue(String(new Date().getUTCFullYear() - 1944));
    await expectAccessible(page);
    await demographics.getByRole('button', { name: 'Save demographics' }).click();
    await expect(needsBirthDate).toBeHidden();
    // The day typed in the interface's order was stored as that day.
    await page.reload();
    await expect(demographics.getByRole('group', { name: 'Date of consent' })).toContainText('02/11/2026');

    // Two devices, then a serial number that is already taken.
    const devices = page.getByRole('region', { name: 'Devices' });
    for (const [type, serial] of [['Smartwatch', `SW-${run}`], ['Smart scale', `SC-${run}`]]) {
      await devices.getByRole('button', { name: 'Add device' }).click();
      await fillDialog(page, { 'Serial number': serial }, { 'Type': type, 'Status': 'Active' });
      await expect(devices.getByRole('cell', { name: serial, exact: true })).toBeVisible();
    }
    await devices.getByRole('button', { name: 'Add device' }).click();
    await fillDialog(page, { 'Serial number': `sw-${run}` }, { 'Type': 'Smartphone', 'Status': 'Active' });
    await expect(page.getByText('There is a conflict with the device serial number, already used by another patient')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // An active external id, then a second active one on the same scope.
    const ids = page.getByRole('region', { name: 'External ids' });
    await ids.getByRole('button', { name: 'Add external id' }).click();
    await fillDialog(page, { 'External id': `S4H-${run}` }, { 'Scope': 'Health-data app', 'Status': 'Active' });
    await expect(ids.getByRole('cell', { name: `S4H-${run}`, exact: true })).toBeVisible();
    await ids.getByRole('button', { name: 'Add external id' }).click();
    await fillDialog(page, { 'External id': `S4H-${run}-B` }, { 'Scope': 'Health-data app', 'Status': 'Active' });
    await expect(page.getByText("Can't create external id because there is already one activated on this scope")).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // Five medicines: polypharmacy.
    const medications = page.getByRole('region', { name: 'Medications' });
    for (const substance of ['Ramipril', 'Metformin', 'Atorvastatin', 'Amlodipine', 'Sertraline']) {
      await medications.getByRole('button', { name: 'Add medication' }).click();
      await fillDialog(page, { Substance: substance, Dose: '1', 'Dose unit': 'tablet' });
      await expect(medications.getByRole('cell', { name: substance, exact: true })).toBeVisible();
    }
    await expect(medications.getByText('Polypharmacy: 5 medicines taken (more than four)')).toBeVisible();
    await expectAccessible(page);
  });
});
