import { describe, expect, it } from 'vitest';
import { activityBand, bmiBand, cigaretteBand, mocaAnalyticsBand, patientAlerts, readsAnalyticsResults, seesClinicalAggregates, seesPatientAlerts, statisticsTabsFor } from './home-statistics.ts';

describe('statisticsTabsFor', () => {
  it('gives SysAdmin the usage overview only, Tech the devices too, clinical and audit roles every tab', () => {
    expect(statisticsTabsFor(['SysAdmin'])).toEqual(['overview']);
    expect(statisticsTabsFor(['Tech'])).toEqual(['overview', 'devices']);
    expect(statisticsTabsFor(['Auditor'])).toEqual(['overview', 'demographics', 'devices', 'health', 'correlation', 'falls']);
    expect(statisticsTabsFor(['CCM'])).toHaveLength(6);
    expect(statisticsTabsFor([])).toEqual([]);
  });
  it('shows patient alerts to clinicians only, aggregates to auditors too', () => {
    expect(seesPatientAlerts(['Auditor'])).toBe(false);
    expect(seesPatientAlerts(['ClinicalExpert'])).toBe(true);
    expect(seesClinicalAggregates(['Auditor'])).toBe(true);
    expect(seesClinicalAggregates(['Tech', 'SysAdmin'])).toBe(false);
  });
  it('lets the clinicians read analytics results (the Home alerts card), not the Auditor, SysAdmin or Tech', () => {
    expect(readsAnalyticsResults(['CCM'])).toBe(true);
    expect(readsAnalyticsResults(['Tester'])).toBe(true);
    expect(readsAnalyticsResults(['Auditor'])).toBe(false);
    expect(readsAnalyticsResults(['SysAdmin', 'Tech'])).toBe(false);
  });
});

describe('mocaAnalyticsBand (SPEC §5)', () => {
  it.each([[17, null], [18, 'low'], [22, 'low'], [23, 'mid'], [25, 'mid'], [26, 'high'], [30, 'high'], [31, null]])('%i → %s', (score, band) => {
    expect(mocaAnalyticsBand(score)).toBe(band);
  });
});

describe('bmiBand and activityBand', () => {
  it.each([[18.4, 'underweight'], [18.5, 'normal'], [24.9, 'normal'], [25, 'overweight'], [29.9, 'overweight'], [30, 'obese']])('BMI %f → %s', (bmi, band) => {
    expect(bmiBand(bmi)).toBe(band);
  });
  it.each([[0, 'inactive'], [1, 'insufficient'], [149, 'insufficient'], [150, 'active']])('%i min/week → %s', (minutes, band) => {
    expect(activityBand(minutes)).toBe(band);
  });
  it.each([[1, '1-10'], [10, '1-10'], [11, '11-20'], [20, '11-20'], [21, '21+'], [60, '21+']])('%i cigarettes a day → %s', (perDay, band) => {
    expect(cigaretteBand(perDay)).toBe(band);
  });
});

describe('patientAlerts (instruments.md study rules)', () => {
  it('raises each alert at its boundary and not one step inside', () => {
    expect(patientAlerts({ gds15: 12 })).toEqual(['gds']);
    expect(patientAlerts({ gds15: 11 })).toEqual([]);
    expect(patientAlerts({ iadl: 2 })).toEqual(['iadl']);
    expect(patientAlerts({ iadl: 3 })).toEqual([]);
    expect(patientAlerts({ efs: 12 })).toEqual(['efs']);
    expect(patientAlerts({ efs: 17 })).toEqual(['efs']);
    expect(patientAlerts({ efs: 11 })).toEqual([]);
    expect(patientAlerts({ phq9Item9: 1 })).toEqual(['phq9Item9']);
    expect(patientAlerts({ phq9Item9: 0, gds15: null })).toEqual([]);
  });
});
