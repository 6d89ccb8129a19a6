/**
 * The entries of a stored analysis input or result that concern one participant: every object
 * naming them as `participantId`, wherever it is nested (snapshot rows, cluster points, intrinsic
 * capacity trajectories), so an access export carries their part of a result and nobody else's.
 */
export function entriesAbout(value: unknown, participantId: string): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap((v) => entriesAbout(v, participantId));
  if (value === null || typeof value !== 'object') return [];
  const entry = value as Record<string, unknown>;
  if (entry.participantId === participantId) return [entry];
  return Object.values(entry).flatMap((v) => entriesAbout(v, participantId));
}
