import { describe, expect, it } from 'vitest';
import { cellText, LONG_COLUMNS, longRows, wideColumns, wideRows } from './layout.ts';
import type { Variable } from './variables.ts';

const v = (name: string, level: Variable['level'], type: Variable['type'] = 'integer'): Variable =>
  ({ name, level, label: name, type, unit: null, values: [], source: 'study', instrument: null, item: null, scoringRule: null });
const variables = [v('study_id', 'participant', 'string'), v('pilot', 'participant'), v('assessment_date', 'encounter', 'date'), v('phq9_total', 'encounter', 'decimal')];
const participant = { study_id: 'S1', pilot: 2 };
const encounters = new Map([[2, { assessment_date: '2026-03-01', phq9_total: 9 }], [1, { assessment_date: '2026-01-01', phq9_total: null }]]);

describe('dataset layouts', () => {
  it('wide: the participant variables, then each assessment variable once per assessment, suffixed with its number', () => {
    const columns = wideColumns(variables, [1, 2]);
    expect(columns.map((c) => c.name)).toEqual(['study_id', 'pilot', 'assessment_date_e1', 'phq9_total_e1', 'assessment_date_e2', 'phq9_total_e2']);
    expect(columns[3]!.type).toBe('decimal');
    const row = wideRows(columns);
    expect(row(participant, encounters)).toEqual(['S1', 2, '2026-01-01', null, '2026-03-01', 9]);
    expect(row(participant, new Map())).toEqual(['S1', 2, null, null, null, null]);
    // An assessment without a column (not asked for) adds nothing.
    expect(row(participant, new Map([[3, { phq9_total: 4 }]]))).toEqual(['S1', 2, null, null, null, null]);
  });

  it('long: one row per participant × assessment × recorded variable, in assessment order, values as text', () => {
    expect(LONG_COLUMNS.map((c) => c.name)).toEqual(['study_id', 'encounter', 'variable', 'value']);
    expect(longRows(variables, participant, encounters)).toEqual([
      ['S1', null, 'pilot', '2'],
      ['S1', 1, 'assessment_date', '2026-01-01'],
      ['S1', 2, 'assessment_date', '2026-03-01'],
      ['S1', 2, 'phq9_total', '9'],
    ]);
  });

  it('writes a value as text: empty for null, true/false, numbers as they are', () => {
    expect([null, true, false, 0, 1.5, 'x'].map(cellText)).toEqual(['', 'true', 'false', '0', '1.5', 'x']);
  });
});
