import { MAX_CARE_MANAGERS } from '../reference/constants.ts';

/** A care-centre manager of a participant (`ccmids`) and their subscription (SPEC §3 "Notification and subscription"). */
export interface Subscription { ccmid: string; accepted: boolean; notifications: boolean }

/**
 * The managers a record edit stores. Only a manager answers their own request, so the editor cannot
 * set `accepted` for someone else: managers already there keep their answer and notification
 * choice, a newly added one starts with a pending request (unless they add themselves, which is
 * accepting) and notifications on.
 */
export function settleCareManagers(previous: readonly Subscription[], input: readonly Subscription[], editor: string): Subscription[] {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  return input.map((m) => {
    const kept = previous.find((p) => same(p.ccmid, m.ccmid));
    if (kept) return { ccmid: m.ccmid, accepted: kept.accepted, notifications: kept.notifications };
    return { ccmid: m.ccmid, accepted: same(m.ccmid, editor), notifications: true };
  });
}

/**
 * The managers a new participant is created with: a CCM creating one becomes its manager
 * (accepted, notifications on) so the participant reaches their own inbox flows, unless already
 * named or the three places are taken (then the chosen three stand).
 */
export function withCreatorAsManager(managers: readonly Subscription[], creator: { username: string; roles: readonly string[] }): Subscription[] {
  const named = managers.some((m) => m.ccmid.toLowerCase() === creator.username.toLowerCase());
  if (named || !creator.roles.includes('CCM') || managers.length >= MAX_CARE_MANAGERS) return [...managers];
  return [...managers, { ccmid: creator.username, accepted: true, notifications: true }];
}

/** Who is told about a participant: accepted managers who keep notifications on. */
export const notifiedManagers = (managers: readonly Subscription[]): string[] =>
  [...new Set(managers.filter((m) => m.accepted && m.notifications).map((m) => m.ccmid))];

/**
 * The managers a record edit asks to accept (SPEC §2 /inbox subscriptions): pending in the stored
 * list and not there before, once each. They are told by e-mail; the others already knew.
 */
export function newRequests(previous: readonly Subscription[], settled: readonly Subscription[]): string[] {
  const before = new Set(previous.map((p) => p.ccmid.toLowerCase()));
  return [...new Set(settled.filter((m) => !m.accepted && !before.has(m.ccmid.toLowerCase())).map((m) => m.ccmid))];
}
