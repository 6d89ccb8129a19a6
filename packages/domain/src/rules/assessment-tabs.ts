import { cognitiveTabOpens, DEFAULT_STUDY_ALERT_CONFIG, type StudyAlertConfig } from './study-alerts.ts';
import type { TabStatusKey, TabStatuses } from './assessment-gating.ts';

/**
 * The tabs of an assessment page: General, always open, then one tab per condition of the
 * profiling, open when its `<condition>_tab_status` is on. Questionnaires per tab follow the
 * original product's manual (shared/instruments.md); the cardiovascular tab holds clinical
 * fields only, and back pain takes the pain rating and the PSFS.
 */
export const ASSESSMENT_TABS = [
  'general', 'hearing_loss', 'cardiovascular', 'frailty', 'cognitive_disorders', 'mental_disorders', 'balance_disorders', 'back_pain',
] as const;
export type AssessmentTab = (typeof ASSESSMENT_TABS)[number];
export type ConditionTab = Exclude<AssessmentTab, 'general'>;

export const tabStatusKey = (tab: ConditionTab): TabStatusKey => `${tab}_tab_status`;

export const TAB_INSTRUMENTS: Record<AssessmentTab, readonly string[]> = {
  general: ['dexterity', 'moca', 'psfs', 'eq5d5l', 'mnasf', 'gds15', 'iadl', 'rga', 'godin', 'nprs', 'gpe', 'mdpq', 'nps', 'umux'],
  hearing_loss: ['moca', 'ghabp'],
  cardiovascular: [],
  frailty: ['efs'],
  cognitive_disorders: ['moca'],
  mental_disorders: ['sleep', 'gds15', 'phq9', 'hama', 'ess'],
  balance_disorders: ['sfesi', 'fesi', 'abc', 'fga', 'minibest', 'rapa'],
  back_pain: ['nprs', 'psfs'],
};

/** Whether a tab can be opened: General always, the cognitive tab also when the MoCA is below the study threshold. */
export function tabOpen(
  tab: AssessmentTab, statuses: TabStatuses, moca: number | null, config: StudyAlertConfig = DEFAULT_STUDY_ALERT_CONFIG,
): boolean {
  if (tab === 'general') return true;
  if (tab === 'cognitive_disorders' && cognitiveTabOpens(moca, config)) return true;
  return statuses[tabStatusKey(tab)];
}

/** How many of the tab's questionnaires have a response in the assessment. */
export function tabCompletion(tab: AssessmentTab, answered: ReadonlySet<string>): { answered: number; total: number } {
  const instruments = TAB_INSTRUMENTS[tab];
  return { answered: instruments.filter((id) => answered.has(id)).length, total: instruments.length };
}
