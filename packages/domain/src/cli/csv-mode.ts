import { InstrumentAnswerError } from '../instruments/errors.ts';
import type { AnswerValue, InstrumentDef, ItemDef } from '../instruments/types.ts';
import { validateAnswers } from '../instruments/validate.ts';
import { formatCsv, parseCsv } from './csv.ts';
import { scoreCells } from './score-columns.ts';

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * A cell as the item's answer: text items keep the text; other items read numbers and
 * true/false, and anything else stays text so validation names it (never silently dropped).
 */
function cellValue(item: ItemDef, cell: string): AnswerValue {
  if (item.type === 'string') return cell;
  const trimmed = cell.trim();
  if (/^(true|false)$/i.test(trimmed)) return trimmed.toLowerCase() === 'true';
  return NUMBER.test(trimmed) ? Number(trimmed) : cell;
}

export class CsvHeaderError extends Error {}
class CsvRowError extends Error {}

/**
 * Scores every row of a CSV whose header names linkIds and returns the CSV with the score columns
 * appended, plus how many rows failed. An empty cell is a missing answer. A bad row gets its
 * message in the `error` column and the other rows are still scored.
 */
export function scoreCsv(def: InstrumentDef, text: string): { csv: string; failures: number } {
  const [header, ...rows] = parseCsv(text).filter((row) => row.some((cell) => cell.trim() !== ''));
  if (!header) throw new CsvHeaderError('The CSV is empty: its first line must name the items (linkIds).');
  const items = new Map(def.items.map((item) => [item.linkId, item]));
  const unknown = header.filter((column) => !items.has(column.trim()));
  if (unknown.length) {
    throw new CsvHeaderError(`Columns that are not items of ${def.id}: ${unknown.join(', ')}. Items: ${[...items.keys()].join(', ')}`);
  }

  let failures = 0;
  const results = rows.map((row) => {
    const answers: Record<string, AnswerValue> = {};
    header.forEach((column, i) => {
      const cell = row[i] ?? '';
      if (cell.trim() !== '') answers[column.trim()] = cellValue(items.get(column.trim())!, cell);
    });
    try {
      if (row.length > header.length) throw new CsvRowError(`The row has ${row.length} cells for ${header.length} columns.`);
      return scoreCells(def.score(validateAnswers(def, answers)));
    } catch (error) {
      if (!(error instanceof InstrumentAnswerError || error instanceof CsvRowError)) throw error;
      failures++;
      return new Map([['error', error.message]]);
    }
  });

  // Columns in order of first appearance, so instruments with optional subscales still line up.
  const scored = results.flatMap((cells) => [...cells.keys()]).filter((key) => key !== 'error');
  const columns = [...new Set(['total', 'band', ...scored]), 'error'];
  const out = [
    [...header, ...columns],
    ...rows.map((row, r) => [...header.map((_, i) => row[i] ?? ''), ...columns.map((column) => results[r].get(column) ?? '')]),
  ];
  return { csv: formatCsv(out), failures };
}
