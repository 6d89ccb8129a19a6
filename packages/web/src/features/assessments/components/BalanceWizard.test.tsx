import { fireEvent, screen, waitFor } from '@testing-library/react';
import { emptyWorkingState } from '@geria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkingStateView } from '../api/assessments.ts';
import { BalanceWizard } from './BalanceWizard.tsx';
import { json, renderSignedIn } from './test-providers.tsx';

afterEach(() => { vi.unstubAllGlobals(); });

const view = (overrides: Partial<WorkingStateView> = {}): WorkingStateView => ({
  state: {
    ...emptyWorkingState(), status: 'accepted', numberOfAssessments: 1,
    balance: { ...emptyWorkingState().balance, hasMoreThanFourMedications: false, hasPsychoactiveDrugs: true, shortFESScore: 12 },
  },
  profiling: null,
  screening: { findings: [], alerts: [], risks: [], allowedTransitions: [] },
  gates: { createAssessment: { ok: true }, openAssessments: { ok: true }, profiling: { ok: true }, balance: { ok: true }, psfs: { ok: true } },
  balanceAssessment: null,
  lastDecision: null,
  ...overrides,
});

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('balance-disorder wizard', () => {
  it('asks for the number of falls first, then walks the steps from the record and sends every answer', async () => {
    const fetch = vi.fn(async () => json(200, { eligible: true, reasons: ['psychoactiveDrugs', 'shortFesI'], inputs: {} }));
    vi.stubGlobal('fetch', fetch);
    await renderSignedIn(<BalanceWizard patientId="p1" view={view()} />);
    await screen.findByText('Step 1 of 7', {}, { timeout: 5000 });
    next();
    expect(screen.getByText('Please enter the number of falls (0 if none).')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Number of falls'), { target: { value: '0' } });
    next();
    next();
    expect(screen.getByText('Please answer every question of step 2 before continuing.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    next();
    next(); // 3 and 4 start from the medication list
    next();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dizziness' }));
    next();
    expect((screen.getByLabelText('Short FES-I score') as HTMLInputElement).value).toBe('12');
    next();
    for (const radio of screen.getAllByRole('radio', { name: 'No' })) fireEvent.click(radio);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/participants/p1/balance-assessment');
    expect(JSON.parse(String(init.body))).toEqual({
      numberOfFalls: '0', hasFearOfFalling: false, hasMoreThanFourMedications: false, hasPsychoactiveDrugs: true,
      symptoms: { dizziness: true }, shortFESScore: 12, rombergTestAbnormal: false, timedUpAndGoAbnormal: false,
    });
  });

  it('shows the confirmed eligibility with its reasons, and the gate when the patient has more than one assessment', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { unmount } = await renderSignedIn(<BalanceWizard patientId="p1" view={view({ balanceAssessment: { eligible: true, reasons: ['falls'], symptoms: {} } })} />);
    expect(await screen.findByText('The patient is eligible for the balance disorder assessment', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('At least one fall')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset and run again' })).toBeTruthy();
    unmount();
    await renderSignedIn(<BalanceWizard patientId="p1" view={view({ gates: { ...view().gates, balance: { ok: false, code: 'rules.assessment.balanceOnlyFirst', params: { count: 2 } } } })} />);
    expect(await screen.findByText('The balance disorder assessment can only be started when the patient has exactly one assessment.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
