import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, testSession } from '../../../test/render.tsx';
import { ParticipantFormDialog } from './ParticipantFormDialog.tsx';

afterEach(() => { vi.unstubAllGlobals(); });

async function openCreate(roles: string[], language: 'en' | 'it' = 'en') {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify([{ pilotid: 2, name: 'Italian-Portuguese' }]), { status: 200, headers: { 'content-type': 'application/json' } })));
  const { session } = await testSession(roles);
  return renderRoutes([{ path: '/', element: <ParticipantFormDialog onClose={() => {}} /> }], '/', session, language);
}

describe('creating a participant tells a CCM they become its care-centre manager', () => {
  it('says so to a CCM, in their language, until they name themself', async () => {
    await openCreate(['CCM'], 'it');
    expect(await screen.findByText(/Diventerai care manager/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi care manager' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Care manager 1/ }), { target: { value: 'ada' } });
    expect(screen.queryByText(/Diventerai care manager/)).toBeNull();
  });

  it('says nothing to another role', async () => {
    await openCreate(['ClinicalExpert']);
    expect(await screen.findByRole('heading', { name: /participant/i })).toBeTruthy();
    expect(screen.queryByText(/You will be added/)).toBeNull();
  });
});
