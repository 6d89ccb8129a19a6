import { describe, expect, it } from 'vitest';
import { cognitiveTabOpens, DEFAULT_STUDY_ALERT_CONFIG, studyAlertConfigSchema, studyAlerts } from './study-alerts.ts';

const codes = (scores: Parameters<typeof studyAlerts>[0], config = DEFAULT_STUDY_ALERT_CONFIG) =>
  studyAlerts(scores, config).map((alert) => alert.code);

describe('studyAlerts with the default study rules', () => {
  it.each([
    [{ gds15: 11 }, []],
    [{ gds15: 12 }, ['rules.studyAlerts.gdsConsiderExcluding']],
    [{ gds15: 15 }, ['rules.studyAlerts.gdsConsiderExcluding']],
    [{ iadl: 3 }, []],
    [{ iadl: 2 }, ['rules.studyAlerts.iadlConsiderExcluding']],
    [{ iadl: 0 }, ['rules.studyAlerts.iadlConsiderExcluding']],
    [{ efs: 11 }, []],
    [{ efs: 12 }, ['rules.studyAlerts.efsConsiderExcluding']],
    [{ efs: 17 }, ['rules.studyAlerts.efsConsiderExcluding']],
    [{ moca: 26 }, []],
    [{ moca: 25 }, ['rules.studyAlerts.mocaCognitiveTab']],
  ])('%o raises %o', (scores, expected) => {
    expect(codes(scores)).toEqual(expected);
  });

  it('raises nothing for scores not yet available', () => {
    expect(studyAlerts({ gds15: null, iadl: null, efs: undefined })).toEqual([]);
  });

  it('tells the kind, instrument and the numbers behind each alert', () => {
    expect(studyAlerts({ gds15: 13, moca: 20 })).toEqual([
      { kind: 'considerExcluding', instrument: 'gds15', code: 'rules.studyAlerts.gdsConsiderExcluding', params: { score: 13, threshold: 12 } },
      { kind: 'openCognitiveTab', instrument: 'moca', code: 'rules.studyAlerts.mocaCognitiveTab', params: { score: 20, threshold: 26 } },
    ]);
  });
});

describe('a pilot configuration', () => {
  const strict = { ...DEFAULT_STUDY_ALERT_CONFIG, gdsConsiderExcludingFrom: 10, efsConsiderExcluding: { from: 10, to: 17 }, mocaCognitiveTabBelow: 24 };

  it('moves the thresholds', () => {
    expect(codes({ gds15: 10, efs: 10, moca: 25 }, strict)).toEqual([
      'rules.studyAlerts.gdsConsiderExcluding', 'rules.studyAlerts.efsConsiderExcluding',
    ]);
    expect(cognitiveTabOpens(23, strict)).toBe(true);
    expect(cognitiveTabOpens(24, strict)).toBe(false);
  });

  it('is validated', () => {
    expect(studyAlertConfigSchema.safeParse(strict).success).toBe(true);
    expect(studyAlertConfigSchema.safeParse({ ...strict, efsConsiderExcluding: { from: 15, to: 12 } }).success).toBe(false);
    expect(studyAlertConfigSchema.safeParse({ ...strict, gdsConsiderExcludingFrom: 16 }).success).toBe(false);
  });
});
