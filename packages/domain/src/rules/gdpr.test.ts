import { describe, expect, it } from 'vitest';
import {
  canTransition, confirmsErasure, erasureConfirmationTerms, fileTypeAllowed, GDPR_EFFECT, GDPR_RIGHTS, gdprRequestInputSchema, isEditable, isIrreversible, safeFileName, STATUS_AFTER_EXECUTION,
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
  it('requires the declared type to match the extension', () => {
    expect(fileTypeAllowed('a.pdf', 'application/pdf')).toBe(true);
    expect(fileTypeAllowed('a.pdf', 'text/html')).toBe(false);
    expect(fileTypeAllowed('a.csv', 'text/csv; charset=utf-8')).toBe(true);
    expect(fileTypeAllowed('a.html', 'text/html')).toBe(false);
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
