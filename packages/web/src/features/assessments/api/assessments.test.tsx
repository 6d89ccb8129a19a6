import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { assessmentKeys, EMPTY_STATE, useResetOnLeavingPatient } from './assessments.ts';

afterEach(() => { cleanup(); window.history.replaceState(null, '', '/'); });

function PatientScreen() {
  useResetOnLeavingPatient('p1');
  return <p>patient</p>;
}

describe('patient working state cache', () => {
  it('keeps the working state across the patient\'s pages and drops it, only that patient\'s, on leaving them', async () => {
    const client = new QueryClient();
    client.setQueryData(assessmentKeys.state('p1'), { state: { ...EMPTY_STATE, status: 'accepted' } });
    client.setQueryData(assessmentKeys.list('p2'), { items: [] });
    window.history.replaceState(null, '', '/patient/p1/assessment');
    const router = createBrowserRouter([
      { path: '/patient/:patientID/assessment', element: <PatientScreen /> },
      { path: '/patient/:patientID/assessment/:encounterID', element: <PatientScreen /> },
      { path: '/patient', element: <p>list</p> },
    ]);
    render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);

    await act(() => router.navigate('/patient/p1/assessment/e1'));
    expect(client.getQueryData(assessmentKeys.state('p1'))).toBeDefined();
    await act(() => router.navigate('/patient'));
    expect(client.getQueryData(assessmentKeys.state('p1'))).toBeUndefined();
    expect(client.getQueryData(assessmentKeys.list('p2'))).toBeDefined();
  });
});
