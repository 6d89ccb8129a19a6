import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { PHONE_MESSAGES, phoneCountryCheck } from '@geria/domain';

export type PhoneResult =
  | { ok: true; phone: { e164: string; country: string } | null }
  | { ok: false; code: string };

/**
 * A contact phone is stored in E.164 with the country of its prefix. The country is required
 * (SPEC §5); the number must be a valid number of that country's numbering plan.
 */
export function normalisePhone(input: { number: string; country: string | null } | null): PhoneResult {
  if (!input || !input.number.trim()) return { ok: true, phone: null };
  const missing = phoneCountryCheck(input);
  if (missing || !input.country || !isSupportedCountry(input.country)) return { ok: false, code: PHONE_MESSAGES.countryRequired };
  const parsed = parsePhoneNumberFromString(input.number, input.country as CountryCode);
  if (!parsed || !parsed.isValid() || (parsed.country && parsed.country !== input.country)) {
    return { ok: false, code: PHONE_MESSAGES.invalid };
  }
  return { ok: true, phone: { e164: parsed.number, country: input.country } };
}
