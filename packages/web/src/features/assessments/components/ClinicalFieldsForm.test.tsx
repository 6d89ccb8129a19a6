import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CLINICAL_KEYS, type ClinicalFieldGroup } from '@geria/domain/rules/assessment-clinical-fields.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClinicalFieldsView } from '../api/assessments.ts';
import { ClinicalFieldsForm } from './ClinicalFieldsForm.tsx';
import { json, renderSignedIn } from './test-providers.tsx';

afterEach(() => { vi.unstubAllGlobals(); });

const empty = { values: Object.fromEntries(CLINICAL_KEYS.map((key) => [key, null])), africanAmerican: false } as ClinicalFieldsView;

async function openForm(groups: ClinicalFieldGroup[] = ['anthropometry', 'vitals'], initial: Partial<ClinicalFieldsView['values']> = {}) {
  let stored: ClinicalFieldsView = { ...empty, values: { ...empty.values, ...initial } };
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') stored = { ...empty, values: { ...empty.values, bodyWeight: 70, bodyHeight: 175, bmi: 22.9 } };
    return json(200, stored);
  });
  vi.stubGlobal('fetch', fetch);
  await renderSignedIn(<ClinicalFieldsForm patientId="p1" encounterId="e1" groups={groups} />);
  await screen.findAllByRole('form', {}, { timeout: 5000 });
  const puts = () => fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');
  return { puts };
}

describe('clinical field forms', () => {
  it('explain an implausible value with the domain\'s limits before sending anything', async () => {
    const { puts } = await openForm();
    const form = screen.getByRole('form', { name: 'Anthropometry' });
    fireEvent.change(within(form).getByLabelText('Body weight'), { target: { value: '500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save: Anthropometry' }));
    expect(await within(form).findByText('Body weight must be between 20 and 300 kg')).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('ask for the arm of a blood pressure', async () => {
    const { puts } = await openForm();
    const form = screen.getByRole('form', { name: 'Vital signs' });
    const standing = within(form).getByRole('group', { name: 'Standing blood pressure' });
    fireEvent.change(within(standing).getByLabelText('Systolic blood pressure'), { target: { value: '130' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save: Vital signs' }));
    expect(await within(form).findByText('Arm from which the pressure was taken is required to insert the Blood Pressure')).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('send the group\'s values and show the BMI the server computed', async () => {
    const { puts } = await openForm();
    const form = screen.getByRole('form', { name: 'Anthropometry' });
    fireEvent.change(within(form).getByLabelText('Body weight'), { target: { value: '70' } });
    fireEvent.change(within(form).getByLabelText('Body height'), { target: { value: '175' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save: Anthropometry' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0]![1]!.body))).toEqual({
      values: { bodyWeight: 70, bodyHeight: 175, waistCircumference: null, hipCircumference: null },
    });
    expect(await screen.findByText('Clinical data saved.')).toBeTruthy();
    expect(await within(screen.getByRole('form', { name: 'Anthropometry' })).findByText('22.9')).toBeTruthy();
  });

  it('ask a current smoker\'s cigarettes a day and years smoked, and clear them when the status changes', async () => {
    const { puts } = await openForm(['lifeHabits'], { smokerStatus: 'current', cigarettesPerDay: 10, yearsSmoked: 30 });
    const form = screen.getByRole('form', { name: 'Life habits and history' });
    expect((within(form).getByLabelText('Cigarettes per day') as HTMLInputElement).value).toBe('10');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Smoker status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Former smoker' }));
    expect(within(form).queryByLabelText('Cigarettes per day')).toBeNull();
    expect(within(form).queryByLabelText('Years smoked')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Save: Life habits and history' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0]![1]!.body)).values).toMatchObject({ smokerStatus: 'former', cigarettesPerDay: null, yearsSmoked: null });
  });
});
