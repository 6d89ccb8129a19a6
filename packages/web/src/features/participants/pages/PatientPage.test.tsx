import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ROUTES } from '@geria/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { PatientPage } from './PatientPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => { vi.unstubAllGlobals(); });

const ID = '11111111-1111-4111-8111-111111111111';
// The sections mount in a transition after the record's summary, and render their data deferred: a loaded machine takes over a second.
const later = { timeout: 15_000 };
const record = {
  id: ID, firstName: 'Giulia', lastName: 'Bianchi', SB_Email: null, caregiverEmails: [], ccmids: [], organisation: 'MIL-GER', pilot: 2,
  contactPhone: null, recruitment: 0, dropOff: null, creator: 'demo-ccm', createdAt: '2026-11-01T10:00:00Z', lastUpdated: '2026-11-20T10:00:00Z', lastDeviceUse: null,
};
const demographics = {
  projectIdentifier: null, birthDate: null, age: null, gender: null, biologicalGender: null, educationLevel: null, livingSituation: null,
  accommodationType: null, livesWith: null, stairsAtHome: null, sourceOfReferral: null, ethnicity: null, consentDate: null,
  consentWithdrawalDate: null, smartphoneImei: null, currentAge: null, ageGroup: 'No Info', birthdayOrAgePresent: false,
  inactivity: { days: null, band: 'No Info' }, lastTransmission: null, createdBy: 'demo-ccm', lastUpdated: '2026-11-20T10:00:00Z',
};
const medication = (substance: string) => ({
  id: substance, status: 'active', substance, dose: 1, doseUnit: 'tablet', psychoactive: false, frequency: 1, period: 1, periodUnit: 'd',
  concentration: null, concentrationUnit: null, dosageForm: null, when: [], direction: null, daysOfWeek: [], start: null, end: null,
});

function api(sections: Record<string, unknown>) {
  return vi.fn(async (url: string | URL, _init?: RequestInit) => {
    const path = new URL(String(url), 'http://test').pathname;
    if (path === `/api/v1/participant/${ID}`) return json(200, record);
    if (path === '/api/v1/pilot') return json(200, [{ pilotid: 2, name: 'Italian-Portuguese' }]);
    const section = path.split('/').at(-1)!;
    return section in sections ? json(200, sections[section]) : json(403, { error: { code: 'errors.forbidden' } });
  });
}

async function openPage(fetch: ReturnType<typeof api>) {
  vi.stubGlobal('fetch', fetch);
  appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
  await appSession.init();
  const route = ROUTES.find((r) => r.name === 'Patient')!;
  await renderRoutes([{ path: route.path, element: <PatientPage route={route} /> }], `/patient/${ID}`, appSession);
  await screen.findByRole('heading', { name: 'Giulia Bianchi', level: 1 }, { timeout: 5000 });
}

describe('Patient page', () => {
  it('reminds to record the birth date or age, and shows each empty section', async () => {
    await openPage(api({ demographics, device: [], identity: [], medication: { items: [], polypharmacy: false, psychoactive: false }, supplement: [], audiogram: [] }));
    expect(await screen.findByText("Remember to record the birthday date or age of the patient, otherwise you won't be able to go to the assessments page", {}, later)).toBeTruthy();
    expect(await screen.findByText('No devices recorded', {}, later)).toBeTruthy();
    expect(screen.getByText('No external ids recorded')).toBeTruthy();
    expect(screen.getByText('No audiograms recorded')).toBeTruthy();
  });

  it('flags polypharmacy above four medicines', async () => {
    const items = ['Ramipril', 'Metformin', 'Atorvastatin', 'Amlodipine', 'Aspirin'].map(medication);
    await openPage(api({ demographics, device: [], identity: [], medication: { items, polypharmacy: true, psychoactive: false }, supplement: [], audiogram: [] }));
    expect(await screen.findByText('Polypharmacy: 5 medicines taken (more than four)', {}, later)).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Aspirin' })).toBeTruthy();
  });

  it('says when a section could not be loaded', async () => {
    await openPage(api({ demographics, identity: [], medication: { items: [], polypharmacy: false, psychoactive: false }, supplement: [], audiogram: [] }));
    expect(await screen.findByText('Error while loading the devices', {}, later)).toBeTruthy();
  });

  it('says an assessment needs the birth date when only an age is recorded, and lets a typed birth date replace the age', async () => {
    const withAge = { ...demographics, age: 76, currentAge: 76, ageGroup: '70-79', birthdayOrAgePresent: true };
    const fetch = api({ demographics: withAge, device: [], identity: [], medication: { items: [], polypharmacy: false, psychoactive: false }, supplement: [], audiogram: [] });
    await openPage(fetch);
    // The Assessments page's own words for its disabled "New assessment".
    expect(await screen.findByText('Before creating an assessment, you must first set the birth date of the patient.', {}, later)).toBeTruthy();
    const age = await screen.findByRole('spinbutton', { name: 'Age (years)' }, later) as HTMLInputElement;
    await waitFor(() => expect(age.value).toBe('76'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Birth date' }), { target: { value: '1944-03' } });
    const derived = screen.getByRole('textbox', { name: 'Age (years)' }) as HTMLInputElement;
    expect(derived.value).toBe(String(new Date().getUTCFullYear() - 1944));
    expect(derived.readOnly).toBe(true);
    expect(screen.getByText('Derived from the birth date')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save demographics' }));
    const put = () => fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    await waitFor(() => expect(put()).toBeTruthy());
    expect(JSON.parse(String(put()![1]!.body))).toMatchObject({ birthDate: '1944-03', age: null });
  });
});
