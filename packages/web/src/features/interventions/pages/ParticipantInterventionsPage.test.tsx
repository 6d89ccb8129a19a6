import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSession } from '../../../lib/auth/app-session.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { FakeOidcClient, makeOidcUser } from '../../../test/tokens.ts';
import { ParticipantInterventions } from './ParticipantInterventionsPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ID = '11111111-1111-4111-8111-111111111111';
const rule = {
  id: 'r1', name: 'Few steps', type: 'steps', target: { kind: 'participant', participantId: ID }, operator: 'lt', value: 1000, windowDays: null, thresholds: null,
  priority: 'high', channels: ['inbox'], active: true, createdBy: 'demo-ccm', createdAt: '2026-11-01T10:00:00Z', updatedAt: '2026-11-01T10:00:00Z',
};
const firing = {
  id: 'f1', ruleId: 'r1', ruleName: 'Few steps', ruleType: 'steps', participantId: ID, observationId: null, level: 'criterion', value: 420, diastolic: null,
  unit: 'steps', channels: ['inbox'], message: 'Only 420 steps yesterday', firedAt: '2026-11-20T10:00:00Z', measuredAt: '2026-11-19T21:00:00Z', participantName: 'Giulia Bianchi', deliveries: [],
};

let observer: MutationObserver | undefined;
afterEach(() => { observer?.disconnect(); vi.unstubAllGlobals(); });

describe('Interventions section of the record', () => {
  it('shows the participant\'s rules and firings once rendered, never "none yet" on the way', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
      const path = new URL(String(url), 'http://test').pathname;
      if (path === '/api/v1/interventions/rules') return json(200, { items: [rule] });
      if (path === '/api/v1/interventions/logs') return json(200, { items: [firing], total: 1 });
      return json(404, { error: { code: 'errors.notFound' } });
    }));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
    await appSession.init();
    let sawEmpty = false;
    observer = new MutationObserver((records) => {
      for (const r of records) for (const node of r.addedNodes) if (/There are no intervention rules yet|No rule has fired yet/.test(node.textContent ?? '')) sawEmpty = true;
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    await renderRoutes([{ path: '/', element: <ParticipantInterventions participantId={ID} /> }], '/', appSession);
    expect(await screen.findByRole('cell', { name: 'Few steps' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'Only 420 steps yesterday' }, { timeout: 5000 })).toBeTruthy();
    // The reading with its unit's label and the day it was measured, not only when the rule fired.
    expect(screen.getByRole('cell', { name: /^420 steps measured on .*19.*2026$/ })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(sawEmpty).toBe(false);
  }, 15_000);

  it('says when there are no rules and no firings', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL) => {
      const path = new URL(String(url), 'http://test').pathname;
      if (path === '/api/v1/interventions/rules') return json(200, { items: [] });
      if (path === '/api/v1/interventions/logs') return json(200, { items: [], total: 0 });
      return json(404, { error: { code: 'errors.notFound' } });
    }));
    appSession.configure(new FakeOidcClient(makeOidcUser({ roles: ['CCM'] })));
    await appSession.init();
    await renderRoutes([{ path: '/', element: <ParticipantInterventions participantId={ID} /> }], '/', appSession);
    expect(await screen.findByText('There are no intervention rules yet', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('No rule has fired yet', {}, { timeout: 5000 })).toBeTruthy();
  }, 15_000);
});
