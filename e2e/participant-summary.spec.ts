import { expect, test, type Page } from './test.ts';
import { expectAccessible, signIn, tokenOf } from './support.ts';

interface Summary { identity: { id: string; studyId: string | null }; scores: unknown[] }

/**
 * A demo participant whose summary has scores, found through the API as the signed-in user, with the
 * id the summary's title names them by (the project identifier, the record id without one).
 */
async function participantWithScores(page: Page): Promise<{ id: string; studyId: string }> {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const list = await (await page.request.get('/api/v1/participants/organisation/MIL-GER?pageSize=50', { headers })).json() as { items: { id: string }[] };
  for (const { id } of list.items) {
    const summary = await (await page.request.get(`/api/v1/participant/${id}/summary`, { headers })).json() as Summary;
    if (summary.scores.length) return { id, studyId: summary.identity.studyId ?? id };
  }
  throw new Error('No demo participant with scores');
}

/** Pages of a PDF as Chromium writes it: one `/Type /Page` object per page (`/Pages` is the tree). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;

/**
 * The PDF's document title (the page's, UTF-16 in the Info dictionary): the page text itself is
 * in compressed streams, the title is not, and it names the participant as the heading does.
 */
function titleOf(pdf: Buffer): string {
  const hex = /\/Title\s*<FEFF([0-9A-Fa-f]*)>/.exec(pdf.toString('latin1'))?.[1];
  return hex ? Buffer.from(hex, 'hex').swap16().toString('utf16le') : '';
}

test.describe('the printable participant summary', () => {
  test.describe.configure({ timeout: 180_000 });
  test('opens from the record, is accessible, prints to one or two pages of A4 or Letter without the application around it', async ({ page }) => {
    await signIn(page, 'CCM', '/patient', 60_000);
    const { id, studyId } = await participantWithScores(page);
    await page.goto(`/patient/${id}`);
    await page.getByRole('link', { name: 'Print summary' }).click();
    await expect(page).toHaveURL(new RegExp(`/patient/${id}/summary$`));
    await expect(page.getByRole('heading', { level: 1, name: `Participant summary · ${studyId}` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Latest scores' })).toBeVisible();
    await expect(page.getByText('Change since baseline (baseline)')).toBeVisible();
    // No navigation chrome even on screen: the bare layout has no menu or top bar.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/participant-summary-en.png', fullPage: true });

    // On paper: the document alone (no language menu, no toolbar, no footer), at the chosen size.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: `Participant summary · ${studyId}` })).toBeVisible();
    for (const paper of ['A4', 'Letter'] as const) {
      await page.emulateMedia({ media: 'screen' });
      await page.getByRole('button', { name: paper === 'A4' ? 'A4' : 'Letter' }).click();
      // preferCSSPageSize: the size the stylesheet's @page names is the size of the PDF.
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const pages = pageCount(pdf);
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages).toBeLessThanOrEqual(2);
      // The MediaBox of each page: A4 is 595 × 842 points, Letter 612 × 792.
      const box = paper === 'A4' ? /\/MediaBox \[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]/ : /\/MediaBox \[0 0 612(\.0*)? 792(\.0*)?\]/;
      expect(pdf.toString('latin1')).toMatch(box);
      expect(titleOf(pdf)).toBe(`Participant summary · ${studyId} · Geria`);
    }
  });

  test('is in the user\'s language', async ({ page }) => {
    await signIn(page, 'CCM', '/patient', 60_000);
    const { id, studyId } = await participantWithScores(page);
    await page.evaluate(() => window.localStorage.setItem('geria.language', 'it'));
    await page.goto(`/patient/${id}/summary`);
    await expect(page.getByRole('heading', { level: 1, name: `Riepilogo del partecipante · ${studyId}` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Punteggi più recenti' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stampa' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/participant-summary-it.png', fullPage: true });
  });
});
