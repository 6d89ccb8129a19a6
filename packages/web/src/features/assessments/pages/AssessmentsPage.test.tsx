import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptyWorkingState, ROUTES } from '@geria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { AssessmentsPage } from './AssessmentsPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => { vi.unstubAllGlobals(); });

const PATIENT = '11111111-1111-4111-8111-111111111111';
const pending = (overrides: Record<string, unknown> = {}) => ({
  state: { ...emptyWorkingState(), status: 'pending', dexterity: 2, moca: 15, numberOfAssessments: 1, birthdayPresent: true, agePresent: true },
  profiling: null,
  screening: {
    findings: [{ code: 'UPDATE.Message_116', params: { moca: 15, min: 18 } }], alerts: [],
    risks: [{ code: 'UPDATE.Message_116', params: { moca: 15, min: 18 } }], allowedTransitions: ['excluded', 'withdrawn'],
  },
  gates: {
    createAssessment: { ok: false, code: 'rules.assessment.pendingHasAssessment' }, openAssessments: { ok: true },
    profiling: { ok: false, code: 'rules.assessment.profilingMissing' }, balance: { ok: true }, psfs: { ok: true },
  },
  balanceAssessment: null,
  ...overrides,
});
const timeline = {
  items: [{ id: 'enc-1', number: 1, start: '2026-11-20T09:30:00Z', status: 'in-progress', author: { username: 'ccm', name: 'Anna Rossi' },
    tabs: [{ tab: 'general', open: true, answered: 2, total: 14 }] }],
  canCreate: { ok: false, code: 'rules.assessment.pendingHasAssessment' },
};

async function openPage(fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetch);
  // The API client signs its requests with the app's session.
  appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
  await appSession.init();
  const route = ROUTES.find((r) => r.name === 'Patient.Assessments')!;
  await renderRoutes([{ path: route.path, element: <AssessmentsPage route={route} /> }], `/patient/${PATIENT}/assessment`, appSession);
  await screen.findByRole('heading', { name: 'Recruitment' }, { timeout: 5000 });
}

const api = (decide: (body: unknown) => Response) => vi.fn(async (url: string | URL, init?: RequestInit) => {
  const path = String(url);
  if (path.includes('/working-state')) return json(200, pending());
  if (path.endsWith('/assessments')) return json(200, timeline);
  if (path.endsWith('/recruitment-decisions')) return decide(JSON.parse(String(init?.body)));
  return json(404, { error: { code: 'errors.notFound' } });
});

describe('Assessments page', () => {
  it('lists the assessments with their author and tab completion, and why no other can be created', async () => {
    await openPage(api(() => json(500, {})));
    expect(screen.getByRole('link', { name: 'Assessment 1' }).getAttribute('href')).toBe(`/patient/${PATIENT}/assessment/enc-1`);
    expect(screen.getByText('Anna Rossi')).toBeTruthy();
    expect(screen.getByText('General: 2/14')).toBeTruthy();
    expect(screen.getByText('You cannot create another assessment if the user is still in pending status')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'New assessment' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the exclusion risk and records "Don\'t exclude" with its reason', async () => {
    const decide = vi.fn(() => json(201, { from: 'pending', to: 'accepted', steps: ['riskExclusion', 'accepted'] }));
    await openPage(api(decide));
    expect(screen.getByText('The patient has a cognitive disorder according to the MOCA')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Don\'t exclude' }));
    const dialog = await screen.findByRole('dialog', { name: 'Don\'t exclude' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Low schooling explains the score' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(decide).toHaveBeenCalledWith({ to: 'accepted', reason: 'Low schooling explains the score' }));
    expect(await screen.findByText('Patient state updated')).toBeTruthy();
  });

  it('shows the server\'s refusal inside the decision dialog', async () => {
    await openPage(api(() => json(422, { error: { code: 'rules.recruitment.reasonRequired', message: 'x' } })));
    fireEvent.click(screen.getByRole('button', { name: 'Exclude' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude' });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: ' ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Cannot attend' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Please record the reason for this decision.')).toBeTruthy();
  });
});
