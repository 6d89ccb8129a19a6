import { recruitmentStatusFromCode, translate, recruitmentStatusLabelKey, inactivity, inactivityLabelKey, type Language } from '@geria/domain';
import type { ParticipantListRow } from '@geria/domain/rules/participants-record.ts';

/**
 * A CSV cell. Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed
 * with a quote, so an exported name cannot execute on the reader's machine.
 */
export function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const HEADER_KEYS = ['id', 'createdBy', 'fullName', 'lastUpdated', 'recruitment', 'smart4HealthID', 'sesaramID', 'holobalanceID', 'inactivityDays', 'inactivity'];

/** The list rows as CSV (RFC 4180, CRLF), labels in the request's language. */
export function participantsCsv(rows: readonly ParticipantListRow[], lang: Language, now: Date): string {
  const header = HEADER_KEYS.map((key) => cell(translate(lang, `participants.csv.${key}`)));
  const lines = rows.map((row) => {
    const status = recruitmentStatusFromCode(row.recruitment);
    const idle = inactivity([row.lastDeviceUse], now);
    return [
      row.id, row.createdBy, row.fullName, row.last_updated,
      status ? translate(lang, recruitmentStatusLabelKey(status)) : row.recruitment,
      row.smart4HealthID, row.sesaramID, row.holobalanceID, idle.days, translate(lang, inactivityLabelKey(idle.band)),
    ].map(cell).join(',');
  });
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
