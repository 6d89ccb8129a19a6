import { recruitmentStatusFromCode, recruitmentStatusLabelKey } from '@geria/domain';

/** The catalogue key of a recruitment status code (0–5). */
export const recruitmentKey = (code: number) => {
  const status = recruitmentStatusFromCode(code);
  return status ? `messages:${recruitmentStatusLabelKey(status)}` : String(code);
};
