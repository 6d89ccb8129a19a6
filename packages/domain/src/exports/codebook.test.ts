import { describe, expect, it } from 'vitest';
import { codebookHtml, codebookRows, readmeText, CODEBOOK_COLUMNS } from './codebook.ts';
import { datasetParamsSchema } from './params.ts';
import { instrumentVariables } from './variables.ts';
import { canCancel, expiresAt, EXPORT_RETENTION_DAYS, isFinished } from './job.ts';
import { STUDY_ID_PATTERN, studyIdFromDigest } from './pseudonym.ts';

describe('codebook and README', () => {
  it('has one row per variable with its allowed values as code=label pairs', () => {
    const rows = codebookRows(instrumentVariables('phq9', 'en'));
    expect(rows[0]!.length).toBe(CODEBOOK_COLUMNS.length);
    expect(rows[0]!.slice(0, 5)).toEqual(['phq9_1', 'encounter', 'Little interest or pleasure in doing things', 'integer', '']);
    expect(rows[0]![5]).toBe('0=Not at all | 1=Several days | 2=More than half the days | 3=Nearly every day');
  });

  it('renders a readable HTML page in the chosen language with every text escaped', () => {
    const html = codebookHtml([{ ...instrumentVariables('phq9', 'el')[0]!, label: '<script>x</script>' }], 'el');
    expect(html).toContain('<html lang="el">');
    expect(html).toContain('Μεταβλητή');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<li>0=Καθόλου</li>');
  });

  it('states the parameters, the time, the version, the GDPR exclusions and each file with its SHA-256', () => {
    const params = datasetParamsSchema.parse({ instruments: ['phq9'], layout: 'long' });
    const text = readmeText({
      exportId: 'e1', createdAt: new Date('2026-11-29T06:00:00Z'), finishedAt: new Date('2026-11-29T06:01:00Z'), createdBy: 'demo-expert', organisation: 'MIL-GER',
      version: '1.2.3', params, participants: 10, excludedForProcessingRights: 2, rows: 123, retentionDays: 7,
      files: [{ name: 'data.csv', bytes: 10, sha256: 'a'.repeat(64) }],
    });
    expect(text).toContain('Geria version:    1.2.3');
    expect(text).toContain('2026-11-29T06:00:00.000Z by demo-expert');
    expect(text).toContain('(GDPR art. 18, 21): 2');
    expect(text).toContain('Participants exported: 10');
    expect(text).toContain(`${'a'.repeat(64)}  data.csv  (10 bytes)`);
    expect(text).toContain(JSON.stringify(params));
    expect(text).toContain('Layout long');
  });
});

describe('export jobs', () => {
  it('can cancel a queued or running job, not an ended one', () => {
    expect(canCancel('queued')).toBe(true);
    expect(canCancel('running')).toBe(true);
    for (const state of ['done', 'failed', 'cancelled'] as const) {
      expect(canCancel(state)).toBe(false);
      expect(isFinished(state)).toBe(true);
    }
  });

  it('keeps a finished export for the retention period', () => {
    expect(EXPORT_RETENTION_DAYS).toBe(7);
    expect(expiresAt(new Date('2026-11-29T06:00:00Z')).toISOString()).toBe('2026-12-06T06:00:00.000Z');
  });

  it('makes the study id from a digest, and refuses what is not one', () => {
    expect(studyIdFromDigest('0123456789abcdef0123')).toBe('S0123456789ABCDEF');
    expect(studyIdFromDigest('0123456789abcdef')).toMatch(STUDY_ID_PATTERN);
    expect(() => studyIdFromDigest('xyz')).toThrow();
  });
});
