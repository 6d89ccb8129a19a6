import { RECRUITMENT_STATUS } from '../reference/constants.ts';

/**
 * The recruitment statuses of SPEC §4 and their codes (§9), without zod: the web shows them on
 * screens whose first paint needs no validation. The transitions between them are in recruitment.ts.
 */
export const RECRUITMENT_STATUSES = ['pending', 'accepted', 'riskExclusion', 'excluded', 'withdrawn', 'completed'] as const;
export type RecruitmentStatus = (typeof RECRUITMENT_STATUSES)[number];
export type RecruitmentStatusCode = (typeof RECRUITMENT_STATUS)[RecruitmentStatus];

export const TERMINAL_STATUSES: readonly RecruitmentStatus[] = ['excluded', 'withdrawn', 'completed'];

export function recruitmentStatusCode(status: RecruitmentStatus): RecruitmentStatusCode {
  return RECRUITMENT_STATUS[status];
}

export function recruitmentStatusFromCode(code: number): RecruitmentStatus | null {
  return RECRUITMENT_STATUSES.find((status) => RECRUITMENT_STATUS[status] === code) ?? null;
}

export const recruitmentStatusLabelKey = (status: RecruitmentStatus): string => `rules.recruitment.status.${status}`;
