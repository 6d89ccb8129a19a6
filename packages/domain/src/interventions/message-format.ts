/**
 * How intervention messages show a reading in the reader's language (issue 33.9): numbers and
 * dates through Intl, units by catalogue key, the participant by name and study code. The same
 * functions fill a rule's message, the e-mails (server) and the inbox notices (web, as i18next
 * formats), so the three never differ.
 */

/** Units the rules compare (UCUM codes, and labels devices send), by their key under `interventions.units`. */
const UNIT_KEYS: Record<string, string> = {
  kg: 'kg', 'kg/m2': 'kgPerSquareMetre', 'mm[Hg]': 'mmHg', mmHg: 'mmHg',
  '/min': 'perMinute', '{beats}/min': 'perMinute', 'beats/minute': 'perMinute', bpm: 'perMinute',
  steps: 'steps', '/d': 'steps', '{steps}': 'steps',
  h: 'hours',
};

/** The catalogue key of a unit's label; undefined for a unit without one (then shown as sent). */
export const unitKey = (unit: string): string | undefined => (UNIT_KEYS[unit] ? `interventions.units.${UNIT_KEYS[unit]}` : undefined);

/** A measured value, or a blood pressure's systolic/diastolic pair; a missing half shows as a dash. */
export type ReadingValue = number | null | readonly (number | null)[];

export function formatReading(lang: string, value: ReadingValue): string {
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const one = (n: number | null) => (n === null || !Number.isFinite(n) ? '–' : number.format(n));
  return Array.isArray(value) ? value.map(one).join('/') : one(value as number | null);
}

/** The UTC day of an instant (the day firing windows count in), as the language writes dates. */
export const formatDay = (lang: string, at: string | Date): string =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(at));

/** The formats a catalogue message may apply, `{{name, format}}` (i18next's syntax, so the web registers the same). */
export const MESSAGE_FORMATS: Record<'reading' | 'day', (value: unknown, lang: string) => string> = {
  reading: (value, lang) => formatReading(lang, value as ReadingValue),
  day: (value, lang) => formatDay(lang, value as string),
};

/** Staff and caregivers recognise a participant by name; the study code tells namesakes apart. */
export function participantLabel(p: { firstName: string; lastName: string; projectIdentifier: string | null }): string {
  const name = `${p.firstName} ${p.lastName}`.trim();
  return p.projectIdentifier ? `${name} (${p.projectIdentifier})` : name;
}
