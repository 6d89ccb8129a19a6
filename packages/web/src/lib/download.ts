/** Saves a blob through the browser under a file name. */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  // Revoked after the click has been handled, not before.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export type CsvCell = string | number | boolean | null | undefined;

/** RFC 4180 text: cells with a comma, quote or line break are quoted, quotes doubled; CRLF lines. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  const cell = (value: CsvCell) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(',')).join('\r\n');
}

/** CSV with a byte-order mark, so that spreadsheet programs read accented and Greek text as UTF-8. */
export const csvBlob = (rows: readonly (readonly CsvCell[])[]) => new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' });

/** A file name from a title: letters and digits of any script kept, the rest dashes. */
export const fileNameOf = (title: string, extension: string) =>
  `${title.normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'chart'}.${extension}`;
