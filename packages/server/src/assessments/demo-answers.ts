import type { Answers } from '@geria/domain';

// The points of MoCA items 1–17 (2.0.0).
const MOCA_TASK_MAXIMA = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 2, 1, 2, 5, 6];

/** MoCA answers adding up to `total` (more than 12 years of education, so no point added), for demo and test data. */
export function mocaAnswers(total: number): Answers {
  let rest = total;
  const answers: Answers = { 'moca-education': false };
  MOCA_TASK_MAXIMA.forEach((max, i) => {
    const points = Math.min(max, rest);
    rest -= points;
    answers[`moca-${i + 1}`] = points;
  });
  return answers;
}
