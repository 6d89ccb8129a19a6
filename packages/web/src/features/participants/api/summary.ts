import { useQuery } from '@tanstack/react-query';
import type { ObservationValue, ScoreLine } from '@geria/domain';
import { api } from '../../../lib/api.ts';
import { participantKeys } from './participants.ts';

/** The server's printable summary of one participant (GET /participant/:id/summary). */
export interface ParticipantSummary {
  generatedAt: string;
  identity: { id: string; studyId: string | null; ageBand: string | null; pilot: number; organisation: string };
  recruitment: {
    code: number; registeredOn: string; consentDate: string | null; withdrawalDate: string | null; dropOff: string | null; lastDecisionOn: string | null;
  };
  assessments: { number: number; start: string | null }[];
  scores: ScoreLine[];
  clinical: { assessment: number; values: { key: string; value: ObservationValue }[] } | null;
  medications: { items: { id: string; substance: string; dose: number | null; doseUnit: string | null; psychoactive: boolean }[]; polypharmacy: boolean; psychoactive: boolean };
  adverseEvents: { id: string; event: string; detectedDate: string; severity: string; outcome: string; seriousness: string }[];
  devices: { days: number; lastUse: string | null; items: { id: string; type: string; serial: string; LastUsed: string | null; daysWithData: number }[] };
}

export function useParticipantSummary(id: string) {
  return useQuery({
    queryKey: participantKeys.section(id, 'summary'),
    queryFn: ({ signal }) => api.get<ParticipantSummary>(`/participant/${id}/summary`, { signal }),
  });
}
