import { z } from 'zod';
import {
  EFS_CONSIDER_EXCLUDING_FROM, GDS_CONSIDER_EXCLUDING_FROM, IADL_CONSIDER_EXCLUDING_AT_MOST, MOCA_NORMAL_FROM, SCALE_MAXIMA,
} from '../reference/constants.ts';
import type { RuleMessage } from './rule-message.ts';

/**
 * Study rules of the original product's manual (shared/instruments.md "Decisions"): scores that
 * raise a "consider excluding" alert, and the MoCA score that opens the cognitive-disorders tab.
 * They belong to the study, not to the instruments, so each pilot may configure them.
 */
export const studyAlertConfigSchema = z.object({
  gdsConsiderExcludingFrom: z.number().int().min(0).max(15),
  iadlConsiderExcludingAtMost: z.number().int().min(0).max(SCALE_MAXIMA.iadl),
  efsConsiderExcluding: z
    .object({ from: z.number().int().min(0), to: z.number().int().max(SCALE_MAXIMA.efs) })
    .refine((range) => range.from <= range.to, { path: ['from'] }),
  mocaCognitiveTabBelow: z.number().int().min(0).max(SCALE_MAXIMA.moca + 1),
});
export type StudyAlertConfig = z.infer<typeof studyAlertConfigSchema>;

export const DEFAULT_STUDY_ALERT_CONFIG: StudyAlertConfig = {
  gdsConsiderExcludingFrom: GDS_CONSIDER_EXCLUDING_FROM,
  iadlConsiderExcludingAtMost: IADL_CONSIDER_EXCLUDING_AT_MOST,
  efsConsiderExcluding: { from: EFS_CONSIDER_EXCLUDING_FROM, to: SCALE_MAXIMA.efs },
  mocaCognitiveTabBelow: MOCA_NORMAL_FROM,
};

/** Latest totals; null or absent when the questionnaire was not scored. */
export const studyScoresSchema = z.object({
  gds15: z.number().int().min(0).max(15).nullish(),
  iadl: z.number().int().min(0).max(SCALE_MAXIMA.iadl).nullish(),
  efs: z.number().int().min(0).max(SCALE_MAXIMA.efs).nullish(),
  moca: z.number().int().min(0).max(SCALE_MAXIMA.moca).nullish(),
});
export type StudyScores = z.infer<typeof studyScoresSchema>;

export type StudyAlert = RuleMessage & {
  kind: 'considerExcluding' | 'openCognitiveTab';
  instrument: keyof StudyScores;
};

export function cognitiveTabOpens(moca: number | null | undefined, config: StudyAlertConfig = DEFAULT_STUDY_ALERT_CONFIG): boolean {
  return moca != null && moca < config.mocaCognitiveTabBelow;
}

export function studyAlerts(scores: StudyScores, config: StudyAlertConfig = DEFAULT_STUDY_ALERT_CONFIG): StudyAlert[] {
  const alerts: StudyAlert[] = [];
  const { gds15, iadl, efs, moca } = scores;
  if (gds15 != null && gds15 >= config.gdsConsiderExcludingFrom)
    alerts.push({
      kind: 'considerExcluding', instrument: 'gds15', code: 'rules.studyAlerts.gdsConsiderExcluding',
      params: { score: gds15, threshold: config.gdsConsiderExcludingFrom },
    });
  if (iadl != null && iadl <= config.iadlConsiderExcludingAtMost)
    alerts.push({
      kind: 'considerExcluding', instrument: 'iadl', code: 'rules.studyAlerts.iadlConsiderExcluding',
      params: { score: iadl, threshold: config.iadlConsiderExcludingAtMost },
    });
  if (efs != null && efs >= config.efsConsiderExcluding.from && efs <= config.efsConsiderExcluding.to)
    alerts.push({
      kind: 'considerExcluding', instrument: 'efs', code: 'rules.studyAlerts.efsConsiderExcluding',
      params: { score: efs, from: config.efsConsiderExcluding.from, to: config.efsConsiderExcluding.to },
    });
  if (cognitiveTabOpens(moca, config))
    alerts.push({
      kind: 'openCognitiveTab', instrument: 'moca', code: 'rules.studyAlerts.mocaCognitiveTab',
      params: { score: moca as number, threshold: config.mocaCognitiveTabBelow },
    });
  return alerts;
}
