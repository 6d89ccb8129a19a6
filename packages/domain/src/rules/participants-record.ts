import { z } from 'zod';
import { careManagersSchema, caregiverEmailErrors, careManagerErrors } from './field-rules.ts';
import type { RuleMessage } from './rule-message.ts';
import { DEVICE_STATUSES, DEVICE_TYPES, IDENTITY_STATUS_CODES, PARTICIPANT_SORTS, SCOPE_CODES } from './participants-record-lists.ts';

/**
 * The participant's study record (SPEC §3 "Patient / participant") as the API receives and sends
 * it. Web and server share these schemas so a form and the endpoint reject the same input.
 */

export * from './participants-record-lists.ts';

const trimmed = (max: number) => z.string().trim().max(max);
const isoDate = z.iso.date();

export const phoneSchema = z.object({
  number: trimmed(32),
  /** ISO 3166-1 alpha-2 country of the number's prefix. */
  country: z.string().regex(/^[A-Z]{2}$/).nullable(),
});

export const participantInputSchema = z.object({
  firstName: trimmed(100).min(1),
  lastName: trimmed(100).min(1),
  SB_Email: z.email().max(254).nullable().default(null),
  caregiverEmails: z.array(z.email().max(254)).default([]),
  ccmids: careManagersSchema.default([]),
  pilot: z.number().int(),
  contactPhone: phoneSchema.nullable().default(null),
  /** Informative only: a participant starts pending and changes status through the recruitment endpoint. */
  recruitment: z.number().int().min(0).max(5).optional(),
  dropOff: isoDate.nullable().default(null),
  /** Optional: always the user's own organisation. */
  organisation: z.string().optional(),
}).strict();
export type ParticipantInput = z.input<typeof participantInputSchema>;
export type ParticipantData = z.output<typeof participantInputSchema>;

/** The record rules of SPEC §5 that a schema cannot say: caregivers and care managers. */
export function participantRecordErrors(record: Pick<ParticipantData, 'caregiverEmails' | 'ccmids'>): RuleMessage[] {
  return [...caregiverEmailErrors(record.caregiverEmails), ...careManagerErrors(record.ccmids)];
}

export const recruitmentChangeSchema = z.object({
  reason: trimmed(1000).nullish(),
  dropOffDate: isoDate.nullish(),
  correction: z.boolean().optional(),
}).strict();

export const deviceInputSchema = z.object({
  type: z.enum(DEVICE_TYPES),
  serial: trimmed(100).min(1),
  number: z.number().int().min(0).max(1_000_000).nullable().default(null),
  status: z.enum(DEVICE_STATUSES).default('active'),
  LastUsed: z.iso.datetime({ offset: true }).nullable().default(null),
}).strict();
export type DeviceInput = z.input<typeof deviceInputSchema>;

/**
 * A device as the API answers it, wherever it does (record, device list, transmissions): SPEC §3's
 * field names, `LastUsed` as in the body it was written with. The web reads answers through it.
 */
export const deviceSchema = z.object({
  id: z.string(),
  type: z.enum(DEVICE_TYPES),
  serial: z.string(),
  number: z.number().int().nullable(),
  status: z.enum(DEVICE_STATUSES),
  LastUsed: z.iso.datetime({ offset: true }).nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

export const identityInputSchema = z.object({
  Scope: z.number().int().refine((scope) => SCOPE_CODES.includes(scope as never), 'validation.invalid'),
  Status: z.number().int().refine((status) => IDENTITY_STATUS_CODES.includes(status as never), 'validation.invalid'),
  IdentityID: trimmed(200).min(1),
}).strict();
export type IdentityInput = z.input<typeof identityInputSchema>;
/** An external id as the API answers it; `project` is the scope's project. */
export const identitySchema = z.object({ id: z.string(), Scope: z.number().int(), Status: z.number().int(), IdentityID: z.string(), project: z.string().nullable() });

/** The record's consent dates, under SPEC §3's spelling `participantConcentData`. */
export const consentDataSchema = z.object({
  consentDate: isoDate.nullable().default(null),
  withdrawalDate: isoDate.nullable().default(null),
}).strict().refine((c) => !c.consentDate || !c.withdrawalDate || c.consentDate <= c.withdrawalDate,
  { path: ['withdrawalDate'], message: 'participants.errors.endBeforeStart' });

/**
 * POST /participant: the record with the devices, external ids and consent dates SPEC §3 lists in
 * it, created together (PUT replaces the record only; devices and ids have their own endpoints).
 */
export const participantCreateSchema = participantInputSchema.extend({
  devices: z.array(deviceInputSchema).max(20).default([]),
  identities: z.array(identityInputSchema).max(20).default([]),
  participantConcentData: consentDataSchema.default({ consentDate: null, withdrawalDate: null }),
});
export type ParticipantCreateInput = z.input<typeof participantCreateSchema>;
export type ParticipantCreateData = z.output<typeof participantCreateSchema>;

export const participantListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  sort: z.enum(PARTICIPANT_SORTS).default('lastUpdated'),
  order: z.enum(['asc', 'desc']).default('desc'),
  search: trimmed(100).optional(),
  status: z.coerce.number().int().min(0).max(5).optional(),
  /** Tech support: participants with a device in this status, or whose latest use falls in this band. */
  deviceStatus: z.enum(['active', 'suspended', 'inactive']).optional(),
  inactivity: z.enum(['green', 'amber', 'red', 'No Info']).optional(),
}).strict();
export type ParticipantListQuery = z.input<typeof participantListQuerySchema>;

/** A row of the participant list (GET /participants/organisation/:org). */
export const participantListRowSchema = z.object({
  id: z.string(),
  createdBy: z.string(),
  fullName: z.string(),
  last_updated: z.string(),
  recruitment: z.number().int(),
  smart4HealthID: z.string().nullable(),
  sesaramID: z.string().nullable(),
  holobalanceID: z.string().nullable(),
  /** Latest device use (ISO), null when none. */
  lastDeviceUse: z.string().nullable(),
});
export type ParticipantListRow = z.infer<typeof participantListRowSchema>;
/** A pilot of the caller's organisation (GET /pilot). */
export const pilotSchema = z.object({ pilotid: z.number().int(), name: z.string() });
export const participantPageSchema = z.object({ items: z.array(participantListRowSchema), total: z.number().int() });

/** The participant's study record as the API answers it (GET/POST/PUT /participant). */
export const participantRecordSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  SB_Email: z.string().nullable(),
  caregiverEmails: z.array(z.string()),
  ccmids: careManagersSchema,
  organisation: z.string(),
  pilot: z.number().int(),
  contactPhone: z.object({ number: z.string(), country: z.string().nullable() }).nullable(),
  recruitment: z.number().int(),
  dropOff: z.string().nullable(),
  creator: z.string(),
  participantConcentData: z.object({ consentDate: z.string().nullable(), withdrawalDate: z.string().nullable() }),
  projectIdentifier: z.string().nullable(),
  age: z.object({ years: z.number().int(), recordedOn: z.string().nullable() }).nullable(),
  smartphoneImei: z.string().nullable(),
  createdAt: z.string(),
  lastUpdated: z.string(),
  lastDeviceUse: z.string().nullable(),
  /** GDPR rights 5, 7, 8 carried out: the participant is left out of analytics and interventions. */
  processing: z.object({ restricted: z.boolean(), objected: z.boolean(), automatedDecisionsObjected: z.boolean() }),
});

/** GET /participant/:id: the record with its devices and external ids (SPEC §3). */
export const participantFullRecordSchema = participantRecordSchema.extend({ devices: z.array(deviceSchema), identities: z.array(identitySchema) });
