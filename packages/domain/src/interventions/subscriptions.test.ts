import { describe, expect, it } from 'vitest';
import { newRequests, notifiedManagers, settleCareManagers, withCreatorAsManager } from './subscriptions.ts';

describe('settleCareManagers', () => {
  it('a manager added by someone else gets a pending request with notifications on', () => {
    expect(settleCareManagers([], [{ ccmid: 'anna', accepted: true, notifications: false }], 'bruno')).toEqual([{ ccmid: 'anna', accepted: false, notifications: true }]);
  });
  it('a manager who adds themself has accepted', () => {
    expect(settleCareManagers([], [{ ccmid: 'Bruno', accepted: false, notifications: true }], 'bruno')).toEqual([{ ccmid: 'Bruno', accepted: true, notifications: true }]);
  });
  it('managers already there keep their own answer and notification choice', () => {
    const previous = [{ ccmid: 'anna', accepted: true, notifications: false }, { ccmid: 'carla', accepted: false, notifications: true }];
    const input = [{ ccmid: 'anna', accepted: false, notifications: true }, { ccmid: 'carla', accepted: true, notifications: true }];
    expect(settleCareManagers(previous, input, 'bruno')).toEqual(previous);
  });
  it('a manager removed from the input is gone', () => {
    expect(settleCareManagers([{ ccmid: 'anna', accepted: true, notifications: true }], [], 'anna')).toEqual([]);
  });
});

describe('notifiedManagers', () => {
  it('only accepted managers with notifications on, once each', () => {
    expect(notifiedManagers([
      { ccmid: 'a', accepted: true, notifications: true }, { ccmid: 'b', accepted: false, notifications: true },
      { ccmid: 'c', accepted: true, notifications: false }, { ccmid: 'a', accepted: true, notifications: true },
    ])).toEqual(['a']);
  });
});

describe('newRequests', () => {
  const pending = (ccmid: string) => ({ ccmid, accepted: false, notifications: true });
  it('names the managers newly added and pending, once each', () => {
    expect(newRequests([], [pending('anna'), { ccmid: 'bruno', accepted: true, notifications: true }, pending('anna')])).toEqual(['anna']);
  });
  it('a manager already asked, in any case, is not asked again; one added back after leaving is', () => {
    expect(newRequests([pending('Anna')], [pending('anna')])).toEqual([]);
    expect(newRequests([pending('carla')], [pending('anna')])).toEqual(['anna']);
  });
  it('follows what settleCareManagers stores: the editor adding themself accepts and is not asked', () => {
    const settled = settleCareManagers([], [pending('bruno'), pending('anna')], 'bruno');
    expect(newRequests([], settled)).toEqual(['anna']);
  });
});

describe('withCreatorAsManager', () => {
  const anna = { ccmid: 'anna', accepted: false, notifications: true };
  it('adds a CCM creator as an accepted manager with notifications on', () => {
    expect(withCreatorAsManager([anna], { username: 'bruno', roles: ['CCM'] })).toEqual([anna, { ccmid: 'bruno', accepted: true, notifications: true }]);
  });
  it('adds nobody when the creator is not a CCM or is already named (case ignored)', () => {
    expect(withCreatorAsManager([anna], { username: 'expert', roles: ['ClinicalExpert'] })).toEqual([anna]);
    expect(withCreatorAsManager([anna], { username: 'Anna', roles: ['CCM'] })).toEqual([anna]);
  });
  it('keeps the three managers chosen when the places are taken', () => {
    const three = ['a', 'b', 'c'].map((ccmid) => ({ ccmid, accepted: false, notifications: true }));
    expect(withCreatorAsManager(three, { username: 'bruno', roles: ['CCM'] })).toEqual(three);
  });
});
