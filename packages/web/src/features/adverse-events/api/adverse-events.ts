import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdverseEventInput } from '@geria/domain/rules/adverse-event.ts';
import type { ApiAnswer } from '../../../api/answers.ts';
import { invalidateParticipant } from '../../../lib/affects.ts';
import { api } from '../../../lib/api.ts';

export type AdverseEventItem = ApiAnswer<'getParticipantByIdAdverseEvent'>[number];
/** A device (labelled by its serial, named with its type) or a medication (labelled by its substance). */
export type Suspect = { kind: 'Device'; id: string; label: string; deviceType: string } | { kind: 'Medication'; id: string; label: string };

// Under the patient record's key, so a write there (a device renamed) refreshes the suspects too.
const keyOf = (participantId: string) => ['participants', 'record', participantId, 'adverse-event'] as const;

export function useAdverseEvents(participantId: string) {
  return useQuery({
    queryKey: keyOf(participantId),
    queryFn: ({ signal }) => api.get<ApiAnswer<'getParticipantByIdAdverseEvent'>>(`/participant/${participantId}/adverse-event`, { signal }),
  });
}

/** The participant's devices and medications, the entities an event may be suspected of. */
export function useSuspects(participantId: string) {
  return useQuery({
    queryKey: [...keyOf(participantId), 'suspects'],
    queryFn: async ({ signal }): Promise<Suspect[]> => {
      const [devices, medications] = await Promise.all([
        api.get<ApiAnswer<'getParticipantByIdDevice'>>(`/participant/${participantId}/device`, { signal }),
        api.get<ApiAnswer<'getParticipantByIdMedication'>>(`/participant/${participantId}/medication`, { signal }),
      ]);
      return [
        ...devices.map((d) => ({ kind: 'Device' as const, id: d.id, label: d.serial, deviceType: d.type })),
        ...medications.items.map((m) => ({ kind: 'Medication' as const, id: m.id, label: m.substance })),
      ];
    },
  });
}

export function useSaveAdverseEvent(participantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AdverseEventInput }) => (id
      ? api.put<ApiAnswer<'putParticipantByIdAdverseEventByItemId'>>(`/participant/${participantId}/adverse-event/${id}`, input)
      : api.post<ApiAnswer<'postParticipantByIdAdverseEvent', 201>>(`/participant/${participantId}/adverse-event`, input)),
    onSuccess: () => invalidateParticipant(client, { patient: participantId }),
  });
}
