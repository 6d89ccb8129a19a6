import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, testSession } from '../../../test/render.tsx';
import { AnalyticWizard } from './AnalyticWizard.tsx';

describe('the analytic wizard', () => {
  it('names the recruitment statuses as every other screen does ("Risk of exclusion", "Completed")', async () => {
    const { session } = await testSession(['ClinicalExpert']);
    await renderRoutes([{ path: '/', element: <AnalyticWizard notebookId="nb-1" onCreated={() => undefined} onCancel={() => undefined} /> }], '/', session);
    const group = await screen.findByRole('group', { name: 'Recruitment status' }, { timeout: 5000 });
    const labels = [...group.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(['Pending', 'Accepted', 'Risk of exclusion', 'Excluded', 'Withdrawn', 'Completed']);
  }, 15_000);
});
