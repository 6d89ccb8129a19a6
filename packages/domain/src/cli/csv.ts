/**
 * Minimal RFC 4180 CSV: comma-separated, fields optionally in double quotes (which may hold
 * commas, line breaks and doubled quotes), rows ended by LF or CRLF. Enough for response exports;
 * no other delimiters or encodings.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a spreadsheet's byte-order mark is not data
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') field += text[i++];
      else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') endRow();
    else if (c === '\r' && text[i + 1] === '\n') {
      endRow();
      i++;
    } else field += c;
  }
  if (quoted) throw new SyntaxError('CSV ends inside a quoted field');
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

const needsQuotes = /[",\r\n]/;

export const formatCsvField = (value: string): string => (needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** Rows as CSV text with CRLF line ends (RFC 4180). */
export const formatCsv = (rows: readonly (readonly string[])[]): string =>
  rows.map((row) => row.map(formatCsvField).join(',') + '\r\n').join('');
