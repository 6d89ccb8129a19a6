import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { usePatientCacheScope } from './patient-cache-scope.ts';

afterEach(() => { cleanup(); window.history.replaceState(null, '', '/'); });

function Layout() {
  usePatientCacheScope();
  return <Outlet />;
}

describe('patient cache scope', () => {
  it("keeps a patient's cached data across their pages and drops it, only theirs, on leaving them", async () => {
    const client = new QueryClient();
    client.setQueryData(['assessments', 'p1', 'state'], { status: 'accepted' });
    client.setQueryData(['participants', 'p1'], { id: 'p1' });
    client.setQueryData(['assessments', 'p2', 'list'], { items: [] });
    window.history.replaceState(null, '', '/patient/p1');
    const router = createBrowserRouter([{
      element: <Layout />,
      children: [
        { path: '/patient/:patientID', element: <p>record</p> },
        { path: '/patient/:patientID/assessment', element: <p>assessments</p> },
        { path: '/patient', element: <p>list</p> },
      ],
    }]);
    render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);

    await act(() => router.navigate('/patient/p1/assessment'));
    expect(client.getQueryData(['assessments', 'p1', 'state'])).toBeDefined();
    await act(() => router.navigate('/patient'));
    expect(client.getQueryData(['assessments', 'p1', 'state'])).toBeUndefined();
    expect(client.getQueryData(['participants', 'p1'])).toBeUndefined();
    expect(client.getQueryData(['assessments', 'p2', 'list'])).toBeDefined();
  });
});
