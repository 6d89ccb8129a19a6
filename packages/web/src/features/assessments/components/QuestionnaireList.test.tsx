import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionnaireList } from './QuestionnaireList.tsx';
import { json, renderSignedIn } from './test-providers.tsx';

afterEach(() => { vi.unstubAllGlobals(); });

/** A MoCA saved with the 13-item form (1.0.0): 15 points. */
const MOCA_V1 = { 'moca-1': 1, 'moca-2': 1, 'moca-3': 3, 'moca-4': 3, 'moca-5': 2, 'moca-6': 1, 'moca-7': 3, 'moca-8': 1, 'moca-9': 0, 'moca-10': 0, 'moca-11': 0, 'moca-12': 0, 'moca-13': false };
const responses = [
  { id: 'r-moca', instrument: 'moca', encounterId: 'e1', total: 15, band: null, authored: '2026-01-10T10:00:00Z' },
  { id: 'r-gds', instrument: 'gds15', encounterId: 'e1', total: 6, band: null, authored: '2026-01-10T10:00:00Z' },
];

async function showList(stored = responses) {
  const fetch = vi.fn(async (url: string | URL) => (String(url).endsWith('/questionnaire-responses/r-moca')
    ? json(200, { id: 'r-moca', instrumentId: 'moca', version: '1.0.0', answers: MOCA_V1 })
    : json(404, { error: { code: 'errors.notFound' } })));
  vi.stubGlobal('fetch', fetch);
  await renderSignedIn(<QuestionnaireList patientId="p1" encounterId="e1" instruments={['moca', 'gds15']} responses={stored} psfsGate={{ ok: true }} />);
  await screen.findByRole('heading', { name: 'Questionnaires' }, { timeout: 5000 });
}

describe('questionnaires of an assessment', () => {
  it('shows the GDS-15 score with its screening accuracy', async () => {
    await showList();
    expect(screen.getByText('Score: 6 · Screening accuracy: sensitivity 81%, specificity 78%.')).toBeTruthy();
  });

  it('edits a response in the structure it was recorded with: a 13-item MoCA opens as 13 steps', async () => {
    await showList();
    fireEvent.click(screen.getByRole('button', { name: 'Edit the Montreal Cognitive Assessment (MoCA) questionnaire' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByText('Steps: 13')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('radiogroup', { name: 'Clock drawing (contour, numbers, hands)' })).toBeTruthy();
  });

  it('fills a new MoCA with its 17 items in the seven domains and the education question: 8 steps', async () => {
    await showList([]);
    fireEvent.click(screen.getByRole('button', { name: 'Fill the Montreal Cognitive Assessment (MoCA) questionnaire' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByText('Steps: 8')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(within(dialog).getByRole('heading', { level: 3 }).textContent).toBe('Visuospatial / executive');
    expect(within(dialog).getAllByRole('radiogroup')).toHaveLength(5);
    for (const name of ['Alternating trail making', 'Copy of a cube', 'Clock drawing: contour', 'Clock drawing: numbers', 'Clock drawing: hands']) {
      expect(within(dialog).getByRole('radiogroup', { name })).toBeTruthy();
    }
  });
});
