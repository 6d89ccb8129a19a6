import { translate, type Language } from '../i18n/index.ts';
import type { DatasetParams } from './params.ts';
import type { Variable } from './variables.ts';

/** The codebook's columns (CSV header and HTML table), in this order. */
export const CODEBOOK_COLUMNS = ['variable', 'level', 'label', 'type', 'unit', 'values', 'instrument', 'item', 'source', 'scoring_rule'] as const;

/** Allowed values as one cell: `code=label` pairs separated by ` | `. */
export const valuesText = (v: Variable): string => v.values.map((x) => `${x.code}=${x.label}`).join(' | ');

export function codebookRows(variables: readonly Variable[]): string[][] {
  return variables.map((v) => [v.name, v.level, v.label, v.type, v.unit ?? '', valuesText(v), v.instrument ?? '', v.item ?? '', v.source, v.scoringRule ?? '']);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The codebook as one self-contained, readable HTML page (no script, no external resource). */
export function codebookHtml(variables: readonly Variable[], language: Language): string {
  const t = (key: string) => translate(language, `exports.codebook.${key}`);
  const title = t('title');
  const head = CODEBOOK_COLUMNS.map((c) => `<th scope="col">${escapeHtml(t(c))}</th>`).join('');
  const cell = (text: string, i: number) => (i === 5 && text ? `<td><ul>${text.split(' | ').map((x) => `<li>${escapeHtml(x)}</li>`).join('')}</ul></td>` : `<td>${escapeHtml(text)}</td>`);
  const body = codebookRows(variables).map((row) => `<tr id="${escapeHtml(row[0]!)}">${row.map(cell).join('')}</tr>`).join('\n');
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#111}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:.3rem .5rem;vertical-align:top;text-align:left}th{background:#eee;position:sticky;top:0}ul{margin:0;padding-left:1rem}td:first-child{font-family:monospace}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(t('note'))}</p>
<table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table></main></body></html>
`;
}

export interface ReadmeFile { name: string; bytes: number; sha256: string }
export interface ReadmeFacts {
  exportId: string;
  createdAt: Date;
  finishedAt: Date;
  createdBy: string;
  organisation: string;
  version: string;
  params: DatasetParams;
  participants: number;
  excludedForProcessingRights: number;
  rows: number;
  retentionDays: number;
  files: readonly ReadmeFile[];
}

/**
 * The README of the zip (plain text, English: it is read by the study's statisticians and cited in
 * publications): what was asked, by whom and when, with which version of Geria, how many
 * participants were exported and left out, and the SHA-256 of every other file of the zip.
 */
export function readmeText(f: ReadmeFacts): string {
  const p = f.params;
  const list = (values: readonly (string | number)[], none: string) => (values.length ? values.join(', ') : none);
  return [
    'Geria study dataset export',
    '==========================',
    '',
    `Export id:        ${f.exportId}`,
    `Requested:        ${f.createdAt.toISOString()} by ${f.createdBy} (organisation ${f.organisation})`,
    `Finished:         ${f.finishedAt.toISOString()}`,
    `Geria version:    ${f.version}`,
    '',
    'Parameters',
    '----------',
    `Pilots:               ${list(p.pilots, 'all of the organisation')}`,
    `Recruitment statuses: ${list(p.recruitment, 'all')}`,
    `Assessments:          ${p.encounters}${p.from || p.to ? `, dated ${p.from ?? '…'} to ${p.to ?? '…'}` : ''}`,
    `Instruments:          ${list(p.instruments, 'none')}`,
    `Clinical sections:    ${list(p.clinicalSections, 'none')}`,
    `Device daily data:    ${p.deviceDaily ? 'yes' : 'no'}`,
    `Labels language:      ${p.language}`,
    `Layout:               ${p.layout}`,
    `Birth as:             ${p.birth === 'year' ? 'year of birth' : 'age band'}`,
    `Parameters (JSON):    ${JSON.stringify(p)}`,
    '',
    'Content',
    '-------',
    `Participants exported: ${f.participants}`,
    `Participants left out because they objected to processing or asked for its restriction (GDPR art. 18, 21): ${f.excludedForProcessingRights}`,
    `Data rows: ${f.rows}`,
    p.layout === 'wide'
      ? 'Layout wide: one row per participant; each assessment variable appears once per assessment, suffixed _e<assessment number> (baseline = _e1).'
      : 'Layout long: one row per participant x assessment x variable with a value (encounter empty for the participant variables); the value is text, its type is in the codebook.',
    'study_id is a pseudonym drawn for this export only: the same participant has another study_id in another export.',
    'No names, e-mail addresses, phone numbers, free-text answers or exact birth dates are exported.',
    'Dates are ISO 8601 (YYYY-MM-DD); decimals use a dot; the CSV files are UTF-8, comma-separated, RFC 4180 quoting.',
    `Geria keeps this file for ${f.retentionDays} days after the export finished, then deletes it.`,
    '',
    'Files (SHA-256)',
    '---------------',
    ...f.files.map((file) => `${file.sha256}  ${file.name}  (${file.bytes} bytes)`),
    '',
  ].join('\n');
}
