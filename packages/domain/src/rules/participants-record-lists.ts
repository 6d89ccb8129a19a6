import { IDENTITY_SCOPES, IDENTITY_STATUS_ACTIVE } from '../reference/constants.ts';

/*
 * The code lists of the participant's record (participants-record.ts), without zod: the record's
 * sections and the patient list show them at first paint.
 */

/** Device types of SPEC §3 "Device". */
export const DEVICE_TYPES = [
  'smartphone', 'smartwatch', 'bpMonitor', 'scale', 'hearingAidLeft', 'hearingAidRight', 'homeDevice',
  'thermometer', 'oximeter', 'bulb', 'motionSensor', 'bedroomSensor', 'livingRoomSensor', 'balanceDevice',
  'healthDataAppDevice',
] as const;
export const DEVICE_STATUSES = ['active', 'suspended', 'inactive'] as const;

/**
 * External-id statuses. The spec fixes only 3 = active; the others are the study's choice:
 * 1 created (issued, not yet in use), 2 suspended, 4 deactivated.
 */
export const IDENTITY_STATUSES = { created: 1, suspended: 2, active: IDENTITY_STATUS_ACTIVE, deactivated: 4 } as const;
export const IDENTITY_STATUS_CODES = Object.values(IDENTITY_STATUSES);
export const SCOPE_CODES = Object.values(IDENTITY_SCOPES);
export type IdentityScopeName = keyof typeof IDENTITY_SCOPES;
export const scopeName = (scope: number): IdentityScopeName | undefined =>
  (Object.keys(IDENTITY_SCOPES) as IdentityScopeName[]).find((name) => IDENTITY_SCOPES[name] === scope);
export const identityStatusName = (status: number): keyof typeof IDENTITY_STATUSES | undefined =>
  (Object.keys(IDENTITY_STATUSES) as (keyof typeof IDENTITY_STATUSES)[]).find((name) => IDENTITY_STATUSES[name] === status);

/** List columns the server sorts on (SPEC §3 "List row"). */
export const PARTICIPANT_SORTS = ['id', 'createdBy', 'fullName', 'lastUpdated', 'recruitment', 'inactivityPeriod'] as const;
export type ParticipantSort = (typeof PARTICIPANT_SORTS)[number];
