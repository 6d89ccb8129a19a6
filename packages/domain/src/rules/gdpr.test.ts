import { describe, expect, it } from 'vitest';
import {
  canTransition, confirmsErasure, contentMatchesType, erasureConfirmationTerms, fileTypeAllowed, servedFileType, GDPR_EFFECT, GDPR_RIGHTS, gdprRequestInputSchema,
  isEditable, isIrreversible, safeFileName, STATUS_AFTER_EXECUTION,
} from './gdpr.ts';

describe('GDPR rights and lifecycle', () => {
  it('numbers the eight rights as the spec does', () => {
    expect(Object.values(GDPR_RIGHTS)).toEqual(['informed', 'access', 'rectification', 'erasure', 'restriction', 'portability', 'objection', 'automatedDecisions']);
  });
  it('goes from initiation to the queue or closed, back from the queue, never out of closed', () => {
    expect(canTransition('initiation', 'queued')).toBe(true);
    expect(canTransition('initiation', 'closed')).toBe(true);
    expect(canTransition('queued', 'initiation')).toBe(true);
    expect(canTransition('queued', 'closed')).toBe(true);
    expect(canTransition('closed', 'initiation')).toBe(false);
    expect(canTransition('closed', 'queued')).toBe(false);
    expect(canTransition('initiation', 'initiation')).toBe(false);
    expect(isEditable('queued')).toBe(true);
    expect(isEditable('closed')).toBe(false);
  });
  it('exports for access and portability, erases irreversibly only for erasure', () => {
    expect(GDPR_EFFECT.access).toBe('export');
    expect(GDPR_EFFECT.portability).toBe('export');
    expect(isIrreversible('erasure')).toBe(true);
    expect((Object.values(GDPR_RIGHTS)).filter(isIrreversible)).toEqual(['erasure']);
  });
  it('accepts rights 1 to 8 only', () => {
    const base = { participantId: '7d3c4a52-6a8e-4f0e-9a55-0c3b1c0d2e11', about: 'x' };
    expect(gdprRequestInputSchema.safeParse({ ...base, right: 1 }).success).toBe(true);
    expect(gdprRequestInputSchema.safeParse({ ...base, right: 8 }).success).toBe(true);
    expect(gdprRequestInputSchema.safeParse({ ...base, right: 0 }).success).toBe(false);
    expect(gdprRequestInputSchema.safeParse({ ...base, right: 9 }).success).toBe(false);
    expect(gdprRequestInputSchema.safeParse({ ...base, right: 2, about: ' ' }).success).toBe(false);
  });
});

describe('GDPR files', () => {
  it('keeps only the last path segment and safe characters', () => {
    expect(safeFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(safeFileName('..\\..\\win.ini.pdf')).toBe('win.ini.pdf');
    expect(safeFileName('.hidden.pdf')).toBe('hidden.pdf');
    expect(safeFileName('lettre signée.pdf')).toBe('lettre_signe_e.pdf');
    expect(safeFileName('a..b.pdf')).toBe('a.b.pdf');
  });
  it('refuses names without an allowed extension', () => {
    expect(safeFileName('run.exe')).toBeUndefined();
    expect(safeFileName('noextension')).toBeUndefined();
    expect(safeFileName('../')).toBeUndefined();
  });
  it('requires the declared type to match the extension and answers it in canonical form', () => {
    expect(fileTypeAllowed('a.pdf', 'application/pdf')?.canonical).toBe('application/pdf');
    expect(fileTypeAllowed('a.pdf', 'Application/PDF')?.canonical).toBe('application/pdf');
    expect(fileTypeAllowed('a.pdf', 'text/html')).toBeUndefined();
    expect(fileTypeAllowed('a.csv', 'text/csv; charset=utf-8')).toEqual({ type: 'text/csv', charset: 'utf-8', canonical: 'text/csv; charset=utf-8' });
    expect(fileTypeAllowed('a.txt', 'text/plain;Charset="ISO-8859-7"')?.canonical).toBe('text/plain; charset=iso-8859-7');
    expect(fileTypeAllowed('a.html', 'text/html')).toBeUndefined();
  });
  it('refuses a declared type with other parameters, unknown charsets, line breaks or trailing text', () => {
    expect(fileTypeAllowed('a.txt', 'text/plain;\n<script>')).toBeUndefined();
    expect(fileTypeAllowed('a.txt', 'text/plain\r\nX-Injected: 1')).toBeUndefined();
    expect(fileTypeAllowed('a.txt', 'text/plain; charset=utf-7')).toBeUndefined();
    expect(fileTypeAllowed('a.txt', 'text/plain; format=flowed')).toBeUndefined();
    expect(fileTypeAllowed('a.txt', 'text/plain; charset=utf-8; charset=utf-8')).toBeUndefined();
    expect(fileTypeAllowed('a.txt', 'text/plain; charset="utf-8')).toBeUndefined();
    expect(fileTypeAllowed('a.pdf', 'application/pdf; charset=utf-8')).toBeUndefined();
    expect(fileTypeAllowed('a.txt', ' text/plain')).toBeUndefined();
  });
  it('serves a stored type only in canonical allowed form, anything else as an inert download', () => {
    expect(servedFileType('a.txt', 'TEXT/plain ; charset=UTF-8')).toBe('text/plain; charset=utf-8');
    expect(servedFileType('a.txt', 'text/plain;\n<script>')).toBe('application/octet-stream');
    expect(servedFileType('a.pdf', 'text/html')).toBe('application/octet-stream');
  });
});

describe('the content of an attached file', () => {
  const type = (name: string, mime: string) => fileTypeAllowed(name, mime)!;
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('needs the magic number of a binary type', () => {
    expect(contentMatchesType(type('a.pdf', 'application/pdf'), bytes('%PDF-1.7'), 'application/pdf')).toBe(true);
    expect(contentMatchesType(type('a.zip', 'application/x-zip-compressed'), bytes('PK'), 'application/zip')).toBe(true);
    expect(contentMatchesType(type('invoice.pdf', 'application/pdf'), bytes('MZ'), 'application/x-msdownload')).toBe(false);
    expect(contentMatchesType(type('a.png', 'image/png'), bytes('just text'), undefined)).toBe(false);
    expect(contentMatchesType(type('a.png', 'image/png'), bytes('jpeg'), 'image/jpeg')).toBe(false);
  });
  it('needs text valid in its charset, without a binary signature or NUL bytes', () => {
    expect(contentMatchesType(type('a.txt', 'text/plain'), bytes('Ευχαριστώ'), undefined)).toBe(true);
    expect(contentMatchesType(type('a.txt', 'text/plain; charset=iso-8859-7'), new Uint8Array([0xe5, 0xf5]), undefined)).toBe(true);
    expect(contentMatchesType(type('a.txt', 'text/plain'), new Uint8Array([0xe5, 0xf5]), undefined)).toBe(false);
    expect(contentMatchesType(type('a.txt', 'text/plain'), bytes('a\u0000b'), undefined)).toBe(false);
    expect(contentMatchesType(type('a.csv', 'text/csv'), bytes('MZ'), 'application/x-msdownload')).toBe(false);
  });
  it('needs JSON to parse', () => {
    expect(contentMatchesType(type('a.json', 'application/json'), bytes('{"a":1}'), undefined)).toBe(true);
    expect(contentMatchesType(type('a.json', 'application/json'), bytes('{"a":'), undefined)).toBe(false);
  });
});

describe('after a right is carried out', () => {
  it('the request reaches the end of its lifecycle, from initiation or the queue', () => {
    expect(STATUS_AFTER_EXECUTION).toBe('closed');
    expect(canTransition('initiation', STATUS_AFTER_EXECUTION)).toBe(true);
    expect(canTransition('queued', STATUS_AFTER_EXECUTION)).toBe(true);
  });
});

describe('confirming an erasure', () => {
  const ID = '11111111-1111-4111-8111-111111111111';
  it('is done with the participant\'s name or study code, the id only when neither is known', () => {
    expect(erasureConfirmationTerms({ id: ID, name: 'Erminia Zanardelli', studyCode: 'MIL-0042' })).toEqual(['Erminia Zanardelli', 'MIL-0042']);
    expect(erasureConfirmationTerms({ id: ID, name: null, studyCode: 'MIL-0042' })).toEqual(['MIL-0042']);
    expect(erasureConfirmationTerms({ id: ID, name: null, studyCode: '  ' })).toEqual([ID]);
  });
  it('accepts either term whatever the case and spacing, nothing else', () => {
    const terms = ['Erminia Zanardelli', 'MIL-0042'];
    expect(confirmsErasure('  erminia   ZANARDELLI ', terms)).toBe(true);
    expect(confirmsErasure('mil-0042', terms)).toBe(true);
    expect(confirmsErasure('Erminia', terms)).toBe(false);
    expect(confirmsErasure(ID, terms)).toBe(false);
    expect(confirmsErasure('', [''])).toBe(false);
  });
});
