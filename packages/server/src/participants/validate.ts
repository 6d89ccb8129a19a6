import { sql, type Transaction } from 'kysely';
import type { Organisation } from '@geria/domain';
import { participantRecordErrors, type ParticipantData } from '@geria/domain/rules/participants-record.ts';
import type { Database } from '../db/types.ts';
import { forbidden, ruleViolation } from '../http/errors.ts';
import { normalisePhone } from './phone.ts';

/**
 * The record rules beyond the schema: the user's own organisation and one of its pilots, care
 * managers who are CCM accounts of that organisation, caregivers and phone (SPEC §5). Returns the
 * normalised phone.
 */
export async function checkRecord(tx: Transaction<Database>, organisation: Organisation, data: ParticipantData) {
  if (data.organisation !== undefined && data.organisation.toLowerCase() !== organisation.abbr.toLowerCase()) throw forbidden();
  if (!organisation.pilotids.some((p) => p.pilotid === data.pilot)) {
    throw ruleViolation('participants.errors.pilotNotInOrganisation', { pilot: data.pilot });
  }
  const [ruleError] = participantRecordErrors(data);
  if (ruleError) throw ruleViolation(ruleError.code, ruleError.params);
  const phone = normalisePhone(data.contactPhone);
  if (!phone.ok) throw ruleViolation(phone.code);
  if (data.ccmids.length) {
    const names = data.ccmids.map((m) => m.ccmid.toLowerCase());
    const known = await tx.selectFrom('app_user').select('username')
      .where(sql<string>`lower(username)`, 'in', names)
      .where(sql<string>`lower(organisation)`, '=', organisation.abbr.toLowerCase())
      .where(sql<boolean>`'CCM' = any(roles)`)
      .execute();
    const knownNames = new Set(known.map((k) => k.username.toLowerCase()));
    const unknown = data.ccmids.find((m) => !knownNames.has(m.ccmid.toLowerCase()));
    if (unknown) throw ruleViolation('participants.errors.careManagerUnknown', { ccmid: unknown.ccmid });
  }
  return phone.phone;
}
