import { render, screen } from '@testing-library/react';
import { requireInstrument, type Language, type ScoreResult } from '@geria/domain';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../test/render.tsx';
import { ScoreSummary } from './ScoreSummary.tsx';

async function show(id: string, score: ScoreResult, language: Language = 'en') {
  const i18n = await testI18n(language);
  await i18n.loadNamespaces('instruments');
  render(
    <I18nextProvider i18n={i18n}>
      <Suspense fallback="loading"><ScoreSummary def={requireInstrument(id)} score={score} language={language} /></Suspense>
    </I18nextProvider>,
  );
  await screen.findByTestId('score-summary');
}

describe('score summary', () => {
  it('shows the GDS-15 score with the screening accuracy of the instrument', async () => {
    await show('gds15', { total: 6, band: 'mild' });
    expect(screen.getByTestId('score-total').textContent).toBe('6 of 15');
    expect(screen.getByTestId('screening-accuracy').textContent).toBe('Screening accuracy: sensitivity 81%, specificity 78%.');
  });

  it('formats the accuracy in the interface language', async () => {
    await show('gds15', { total: 6, band: 'mild' }, 'fr');
    // French puts a no-break space before the percent sign.
    expect(screen.getByTestId('screening-accuracy').textContent).toMatch(/^Performance du dépistage : sensibilité 81\s%, spécificité 78\s%\.$/);
  });

  it('names the GHABP total, the derived benefit, and shows it without "of 100"', async () => {
    await show('ghabp', { total: -12.5, band: null, subscales: { initialDisability: 50 } });
    expect(screen.getByText('Derived benefit (initial minus residual difficulty)')).toBeTruthy();
    expect(screen.getByTestId('score-total').textContent).toBe('-12.5');
  });

  it('shows no accuracy for an instrument without one', async () => {
    await show('phq9', { total: 12, band: 'moderate' });
    expect(screen.queryByTestId('screening-accuracy')).toBeNull();
  });
});
