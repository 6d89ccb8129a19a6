import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateParticipant } from './affects.ts';

const P = '7b0c6c1e-0000-4000-8000-000000000001';
const OTHER = '7b0c6c1e-0000-4000-8000-000000000002';
const KEYS = {
  record: ['participants', 'record', P],
  workingState: ['assessments', P, 'working-state', null],
  assessments: ['assessments', P, 'list'],
  list: ['participants', 'list', 'MIL-GER', { page: 0 }],
  techList: ['techsupport', 'list', 'MIL-GER', 0, 25, {}],
  home: ['statistics', 'overview'],
  otherPatient: ['assessments', OTHER, 'list'],
  inbox: ['inbox', {}],
} as const;

function cached() {
  const client = new QueryClient();
  for (const key of Object.values(KEYS)) client.setQueryData(key, { cached: true });
  const stale = (name: keyof typeof KEYS) => client.getQueryState(KEYS[name])?.isInvalidated ?? 'dropped';
  return { client, stale };
}

describe('invalidateParticipant', () => {
  it('refreshes the participant (record, working state, assessments), every participant list and Home, nothing else', async () => {
    const { client, stale } = cached();
    await invalidateParticipant(client, { patient: P });
    for (const name of ['record', 'workingState', 'assessments', 'list', 'techList', 'home'] as const) expect(stale(name), name).toBe(true);
    expect(stale('otherPatient')).toBe(false);
    expect(stale('inbox')).toBe(false);
  });

  it('drops an erased participant from the cache and refreshes the lists that showed them', async () => {
    const { client, stale } = cached();
    await invalidateParticipant(client, { patient: P, erased: true });
    for (const name of ['record', 'workingState', 'assessments'] as const) expect(stale(name), name).toBe('dropped');
    for (const name of ['list', 'techList', 'home'] as const) expect(stale(name), name).toBe(true);
    expect(stale('otherPatient')).toBe(false);
  });
});
