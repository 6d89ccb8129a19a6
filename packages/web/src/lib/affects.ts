import type { QueryClient } from '@tanstack/react-query';

/**
 * What a write to a participant changes beyond its own feature's queries. Features do not know each
 * other's query keys, so every write to a participant refreshes through this one rule and no screen
 * shows the participant as they were before the write.
 */
export interface Affects {
  /** The participant written: their record, sections, working state, assessments and data. */
  patient: string;
  /** The participant no longer exists (GDPR erasure): their cached queries are dropped, not fetched again. */
  erased?: boolean;
}

/** The queries that show participants in general: the lists, tech support's list and Home's statistics. */
const PARTICIPANT_LISTS = [['participants', 'list'], ['techsupport', 'list'], ['statistics']] as const;

/** Every cached query a write to the participant may have made stale, fetched again if on screen. */
export function invalidateParticipant(client: QueryClient, { patient, erased = false }: Affects) {
  const ofPatient = { predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey.includes(patient) };
  if (erased) client.removeQueries(ofPatient);
  return Promise.all([
    ...(erased ? [] : [client.invalidateQueries(ofPatient)]),
    ...PARTICIPANT_LISTS.map((queryKey) => client.invalidateQueries({ queryKey })),
  ]);
}
