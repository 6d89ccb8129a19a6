import type { Role } from '../access/roles.ts';
import {
  EFS_CONSIDER_EXCLUDING_FROM, GDS_CONSIDER_EXCLUDING_FROM, IADL_CONSIDER_EXCLUDING_AT_MOST, SCALE_MAXIMA,
} from '../reference/constants.ts';

/**
 * The Home dashboard's tabs (SPEC §2): an overview of usage and study cards, then the five chart
 * tabs. Each tab names the roles that see it: SysAdmin sees usage only (no clinical data), Tech
 * the devices too, the clinical and audit roles everything as aggregates.
 */
export const STATISTICS_TABS = ['overview', 'demographics', 'devices', 'health', 'correlation', 'falls'] as const;
export type StatisticsTab = (typeof STATISTICS_TABS)[number];

const CLINICAL_AGGREGATE_ROLES: readonly Role[] = ['CCM', 'ClinicalExpert', 'Tester', 'Auditor'];
const TAB_ROLES: Record<StatisticsTab, readonly Role[]> = {
  overview: ['CCM', 'ClinicalExpert', 'Tester', 'Auditor', 'SysAdmin', 'Tech'],
  demographics: CLINICAL_AGGREGATE_ROLES,
  devices: [...CLINICAL_AGGREGATE_ROLES, 'Tech'],
  health: CLINICAL_AGGREGATE_ROLES,
  correlation: CLINICAL_AGGREGATE_ROLES,
  falls: CLINICAL_AGGREGATE_ROLES,
};

export const statisticsTabsFor = (roles: readonly Role[]): StatisticsTab[] =>
  STATISTICS_TABS.filter((tab) => TAB_ROLES[tab].some((role) => roles.includes(role)));

/** The overview's clinical cards (habits, BMI, diseases, questionnaire results): aggregates, not for SysAdmin or Tech. */
export const seesClinicalAggregates = (roles: readonly Role[]) => CLINICAL_AGGREGATE_ROLES.some((role) => roles.includes(role));

/** Patient alerts name participants: only their own organisation's clinicians see them, not auditors. */
export const seesPatientAlerts = (roles: readonly Role[]) => (['CCM', 'ClinicalExpert', 'Tester'] as const).some((role) => roles.includes(role));

/** Readers of analytics results: the notebook roles, and CCMs for /ic and the Home alerts of their participants (not auditors). */
export const ANALYTICS_RESULT_ROLES = ['Tester', 'ClinicalExpert', 'CCM'] as const satisfies readonly Role[];
export const readsAnalyticsResults = (roles: readonly Role[]) => ANALYTICS_RESULT_ROLES.some((role) => roles.includes(role));

/** MoCA analytics bands (SPEC §5): 18-22 low, 23-25 mid, 26-30 high; a score under 18 has none (it excludes). */
export const MOCA_ANALYTICS_BANDS = ['low', 'mid', 'high'] as const;
export type MocaAnalyticsBand = (typeof MOCA_ANALYTICS_BANDS)[number];
export function mocaAnalyticsBand(score: number): MocaAnalyticsBand | null {
  if (score < 18 || score > 30) return null;
  return score <= 22 ? 'low' : score <= 25 ? 'mid' : 'high';
}

/** WHO adult BMI classes (kg/m²), lower bounds inclusive. */
export const BMI_BANDS = ['underweight', 'normal', 'overweight', 'obese'] as const;
export type BmiBand = (typeof BMI_BANDS)[number];
export const bmiBand = (bmi: number): BmiBand => (bmi < 18.5 ? 'underweight' : bmi < 25 ? 'normal' : bmi < 30 ? 'overweight' : 'obese');

/**
 * Weekly minutes of moderate to vigorous activity against the WHO 150 minutes for older adults.
 * Upper bounds inclusive: 0 inactive, 1-149 insufficient, 150 or more active.
 */
export const ACTIVITY_BANDS = ['inactive', 'insufficient', 'active'] as const;
export type ActivityBand = (typeof ACTIVITY_BANDS)[number];
export const activityBand = (minutesPerWeek: number): ActivityBand => (minutesPerWeek <= 0 ? 'inactive' : minutesPerWeek < 150 ? 'insufficient' : 'active');

/**
 * A current smoker's cigarettes a day in the usual epidemiological classes (light up to 10,
 * moderate 11-20, heavy over 20), upper bounds inclusive.
 */
export const CIGARETTE_BANDS = ['1-10', '11-20', '21+'] as const;
export type CigaretteBand = (typeof CIGARETTE_BANDS)[number];
export const cigaretteBand = (perDay: number): CigaretteBand => (perDay <= 10 ? '1-10' : perDay <= 20 ? '11-20' : '21+');

/** The study alerts of instruments.md, from a participant's latest totals (score observation codes). */
export const PATIENT_ALERTS = ['gds', 'iadl', 'efs', 'phq9Item9'] as const;
export type PatientAlert = (typeof PATIENT_ALERTS)[number];

/**
 * Each alert as the range of one latest value that raises it (bounds inclusive, null unbounded), in
 * PATIENT_ALERTS' order: the statistics' SQL takes these ranges as they are, so the list of a whole
 * study is found and paged by the database (server stats/queries.ts) under the rule stated here.
 */
export const PATIENT_ALERT_RULES = [
  { alert: 'gds', value: 'gds15', from: GDS_CONSIDER_EXCLUDING_FROM, to: null },
  { alert: 'iadl', value: 'iadl', from: null, to: IADL_CONSIDER_EXCLUDING_AT_MOST },
  { alert: 'efs', value: 'efs', from: EFS_CONSIDER_EXCLUDING_FROM, to: SCALE_MAXIMA.efs },
  // PHQ-9's item 9 flag is 0 or 1 (instruments/phq9.ts): 1 when the item was answered above "not at all".
  { alert: 'phq9Item9', value: 'phq9Item9', from: 1, to: null },
] as const satisfies readonly { alert: PatientAlert; value: string; from: number | null; to: number | null }[];
export type PatientAlertValue = (typeof PATIENT_ALERT_RULES)[number]['value'];

export function patientAlerts(latest: Partial<Record<PatientAlertValue, number | null>>): PatientAlert[] {
  return PATIENT_ALERT_RULES.filter(({ value, from, to }) => {
    const v = latest[value];
    return v != null && (from === null || v >= from) && (to === null || v <= to);
  }).map((r) => r.alert);
}
