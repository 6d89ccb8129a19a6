import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../../test/render.tsx';
import type { GdprRequestDetail } from '../api/gdpr.ts';
import { ExecutionOutcome } from './ExecutionOutcome.tsx';

const erasure = (fhirResources: Record<string, number>, devices: number) => ({
  executedAt: '2026-11-20T10:00:00Z', executedBy: 'demo-ccm', outcome: { erased: { fhirResources, devices } },
}) as unknown as GdprRequestDetail;

async function show(request: GdprRequestDetail, language: 'en' | 'ro') {
  const i18n = await testI18n(language);
  await i18n.loadNamespaces('gdpr');
  render(<I18nextProvider i18n={i18n}><ExecutionOutcome request={request} /></I18nextProvider>);
}

describe('the outcome of an erasure', () => {
  it('counts in the language\'s plural forms: "1 device", never "1 devices"', async () => {
    await show(erasure({ Patient: 1 }, 1), 'en');
    expect(screen.getByRole('alert').textContent).toContain('Erased: 1 clinical resource and 1 device.');
  });

  it('uses every plural form of the language (Romanian: one, few, other)', async () => {
    await show(erasure({ Patient: 1, Observation: 19 }, 3), 'ro');
    expect(screen.getByRole('alert').textContent).toContain('Șterse: 20 de resurse clinice și 3 dispozitive.');
  });
});
