import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { deviceSchema, type Device } from '@geria/domain/rules/participants-record.ts';
import type { InactivityBand } from '@geria/domain';
import { api } from '../../../lib/api.ts';
import type { ApiAnswer } from '../../../api/answers.ts';

export type DeviceStatus = Device['status'];
export interface TechFilters { deviceStatus: DeviceStatus | null; inactivity: InactivityBand | null }
export type ExternalId = ApiAnswer<'getParticipantByIdIdentity'>[number];

/** The organisation's participants as tech support sees them: longest inactivity first. */
export function useTechSupportList(org: string, page: number, pageSize: number, filters: TechFilters) {
  return useQuery({
    queryKey: ['techsupport', 'list', org, page, pageSize, filters],
    queryFn: ({ signal }) => api.get<ApiAnswer<'getParticipantsOrganisationByOrg'>>(`/participants/organisation/${encodeURIComponent(org)}`, {
      query: {
        page, pageSize, sort: 'inactivityPeriod', order: 'desc',
        deviceStatus: filters.deviceStatus ?? undefined, inactivity: filters.inactivity ?? undefined,
      },
      signal,
    }),
    placeholderData: keepPreviousData,
  });
}

/** One participant's list row (name, ids, last use): the record itself is not Tech's to read. */
export function useTechSupportRow(org: string, id: string) {
  return useQuery({
    queryKey: ['techsupport', 'row', org, id],
    queryFn: async ({ signal }) => {
      const page = await api.get<ApiAnswer<'getParticipantsOrganisationByOrg'>>(`/participants/organisation/${encodeURIComponent(org)}`, { query: { search: id, pageSize: 1 }, signal });
      return page.items.find((row) => row.id === id) ?? null;
    },
  });
}

const devicesSchema = z.array(deviceSchema);

/** The devices read through the shared schema, so a field the page reads is one the API answers. */
export const useDevices = (id: string) =>
  useQuery({ queryKey: ['techsupport', 'devices', id], queryFn: async ({ signal }) => devicesSchema.parse(await api.get<unknown>(`/participant/${id}/device`, { signal })) });

export const useExternalIds = (id: string) =>
  useQuery({ queryKey: ['techsupport', 'identities', id], queryFn: ({ signal }) => api.get<ApiAnswer<'getParticipantByIdIdentity'>>(`/participant/${id}/identity`, { signal }) });

export type DeviceTransmissions = ApiAnswer<'getParticipantByIdTransmissions'>;

/** Observations received per device and day over the last `days` days: counts only, no clinical values. */
export const useTransmissions = (id: string, days = 30) =>
  useQuery({
    queryKey: ['techsupport', 'transmissions', id, days],
    queryFn: ({ signal }) => api.get<DeviceTransmissions>(`/participant/${id}/transmissions`, { query: { days }, signal }),
  });
