/** Business constants and limits of SPEC §9, in one place. Durations in milliseconds unless named otherwise. */
export const TOKEN_REFRESH_THRESHOLD_SECONDS = 60;
export const TOKEN_CHECK_INTERVAL_MS = 6000;
export const HTTP_TIMEOUT_MS = 30000;
export const REQUEST_WAIT_POLL_MS = 100;
export const SCRIPT_CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PERSISTENT_ALERT_MS = 60_000;
export const SNACKBAR_MS = 3000;
export const HOME_CHART_LOADING_CLEAR_MS = 2000;
export const STATISTICS_POLLING_MS = 60_000;
/** Home's patient alerts per page: the overview carries the first page and the total, the rest is read page by page (7 000 alerts at 10 000 participants were 779 KB per answer). */
export const PATIENT_ALERTS_PAGE = 50;
export const PATIENT_ALERTS_MAX_PAGE = 200;
export const CHART_CARD_MIN_HEIGHT_PX = 500;
export const USAGE_CHART_DAYS = 7;
export const AGE_BANDS = ['60-69', '70-79', '80-89', '90-99', '100+'] as const;
export const DEXTERITY_EXCLUSION_ABOVE = 4;
export const MOCA_EXCLUSION_BELOW = 18;
export const BALANCE_FALLS_ABOVE = 0;
export const BALANCE_SYMPTOMS_ABOVE = 2;
export const BALANCE_SHORT_FESI_ABOVE = 10;
export const POLYPHARMACY_ABOVE = 4;
export const MAX_CARE_MANAGERS = 3;
export const MAX_EXTERNAL_CAREGIVERS = 3;
export const PRIVACY_POLICY_MINIMUM_AGE = 13;
export const PRIVACY_POLICY_LAST_UPDATED = '2021-05';
export const IDENTITY_STATUS_ACTIVE = 3;
export const IDENTITY_SCOPES = { balanceTraining: 1, healthDataApp: 2, hearingAidVendor: 3 } as const;
export const RECRUITMENT_STATUS = {
  pending: 0, accepted: 1, riskExclusion: 2, excluded: 3, withdrawn: 4, completed: 5,
} as const;
export const SCALE_MAXIMA = {
  fga: 30, minibest: 28, efs: 17, iadl: 8, moca: 30, mna: 14, nps: 10, eqVas: 100, abc: 100,
} as const;
export const MOCA_NORMAL_FROM = 26;
export const GODIN_WEIGHTS = { strenuous: 9, moderate: 5, mild: 3 } as const;
export const GODIN_BANDS = { active: 24, moderatelyActive: 14 } as const;
/** Study alerts of the SMART BEAR manual (shared/instruments.md "Decisions"): defaults, configurable in rules/study-alerts.ts. */
export const GDS_CONSIDER_EXCLUDING_FROM = 12;
export const IADL_CONSIDER_EXCLUDING_AT_MOST = 2;
export const EFS_CONSIDER_EXCLUDING_FROM = 12;
/** The balance-disorder assessment starts only at this assessment count (SPEC §4). */
export const BALANCE_ASSESSMENT_AT_COUNT = 1;
/** Inactivity colours of the patient list, in whole days since the latest device use. */
export const INACTIVITY_AMBER_FROM_DAYS = 3;
export const INACTIVITY_RED_ABOVE_DAYS = 12;
