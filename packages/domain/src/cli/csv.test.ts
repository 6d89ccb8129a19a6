import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('splits plain rows on commas and LF or CRLF', () => {
    expect(parseCsv('a,b\n1,2\r\n3,4\n')).toEqual([['a', 'b'], ['1', '2'], ['3', '4']]);
    expect(parseCsv('a,b\r\n1,2')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('keeps commas, line breaks and doubled quotes inside quoted fields', () => {
    expect(parseCsv('"a,b","say ""hi""","two\r\nlines"\n')).toEqual([['a,b', 'say "hi"', 'two\r\nlines']]);
  });

  it('keeps empty fields and skips a byte-order mark', () => {
    expect(parseCsv('\ufeffa,,c\n,,\n')).toEqual([['a', '', 'c'], ['', '', '']]);
  });

  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('"abc\n')).toThrow(SyntaxError);
  });
});

describe('formatCsv', () => {
  it('quotes only what needs quoting and round-trips', () => {
    const rows = [['id', 'note'], ['1', 'a, "b"'], ['2', 'x\ny']];
    const text = formatCsv(rows);
    expect(text).toBe('id,note\r\n1,"a, ""b"""\r\n2,"x\ny"\r\n');
    expect(parseCsv(text)).toEqual(rows);
  });
});
