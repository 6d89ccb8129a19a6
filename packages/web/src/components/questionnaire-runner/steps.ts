import {
  checkItemValue, InstrumentAnswerError, measureItem, type Answers, type AnswerValue, type InstrumentDef, type ItemDef, type Localized,
} from '@geria/domain';

/**
 * The runner's pure logic, derived from an instrument's definition: its steps, the items a user
 * may add, the GHABP-style gates and what blocks moving on.
 */
export interface Step {
  key: string;
  /** The group's title; null for a step of one ungrouped item. */
  title: Localized | null;
  items: ItemDef[];
}

const withoutNumbers = (text: string) => text.replace(/\d+/g, '#');

/**
 * "Add" (SPEC §2) adds an optional item that repeats the previous one under another number, e.g.
 * PSFS activities 2–5: such items are left out until added. Other optional items (PHQ-9 item 10,
 * MNA-SF F2, the GHABP hearing-aid questions) are always shown and may be left unanswered.
 */
export function isAddable(def: InstrumentDef, item: ItemDef): boolean {
  const index = def.items.indexOf(item);
  const previous = def.items[index - 1];
  return Boolean(item.optional && !item.group && previous && previous.type === item.type
    && withoutNumbers(previous.text.en) === withoutNumbers(item.text.en));
}

/** One step per group (its items together, where its first item stands) and per ungrouped item. */
export function buildSteps(def: InstrumentDef, added: ReadonlySet<string>): Step[] {
  const steps: Step[] = [];
  const groups = new Map<string, Step>();
  for (const item of def.items) {
    if (item.group) {
      let step = groups.get(item.group);
      if (!step) {
        step = { key: item.group, title: def.groups?.find((g) => g.key === item.group)?.title ?? null, items: [] };
        groups.set(item.group, step);
        steps.push(step);
      }
      step.items.push(item);
    } else if (!isAddable(def, item) || added.has(item.linkId)) {
      steps.push({ key: item.linkId, title: null, items: [item] });
    }
  }
  return steps;
}

/** The next item the user may add, in definition order. */
export const nextAddable = (def: InstrumentDef, added: ReadonlySet<string>): ItemDef | undefined =>
  def.items.find((item) => isAddable(def, item) && !added.has(item.linkId));

/**
 * A group that opens with an unscored yes/no question is asked only when the answer is yes
 * (GHABP: "does this happen in your life?"): the question is the group's gate.
 */
const gateOf = (step: Step): ItemDef | undefined => {
  const first = step.items[0];
  return step.title && step.items.length > 1 && first.type === 'boolean' && first.scored === false ? first : undefined;
};

/** The items of a step the user sees with these answers. */
export function visibleItems(step: Step, answers: Answers): ItemDef[] {
  const gate = gateOf(step);
  return gate && answers[gate.linkId] === false ? [gate] : step.items;
}

/** The linkIds an item's answers go under: its own and its measurement's. */
const answerIds = (item: ItemDef) => (item.type === 'choice' && item.measure ? [item.linkId, item.measure.linkId] : [item.linkId]);

/** The answers without those of questions a closed gate hides, which are not part of the response. */
export function shownAnswers(steps: readonly Step[], answers: Answers): Answers {
  const shown = new Set(steps.flatMap((step) => visibleItems(step, answers).flatMap(answerIds)));
  return Object.fromEntries(Object.entries(answers).filter(([linkId]) => shown.has(linkId)));
}

export interface Problem {
  /** A key of the runner's namespace or of the domain catalogue (`messages:`), with its parameters. */
  key: string;
  params?: Record<string, string | number>;
}

/** Why a value is not a valid answer, in the domain's words (the same check the server makes). */
export function valueProblem(def: InstrumentDef, item: ItemDef, value: AnswerValue | undefined): Problem | null {
  if (value === undefined) return null;
  const failure = checkItemValue(item, value);
  if (!failure) return null;
  const error = new InstrumentAnswerError(def.id, item.linkId, failure.reason, value, failure.limits);
  return { key: `messages:${error.code}`, params: error.params };
}

/**
 * What keeps the user on a step: invalid answers (measurements included, keyed by their own linkId)
 * and, when `requireAnswers`, required items left empty.
 */
export function stepProblems(def: InstrumentDef, step: Step, answers: Answers, requireAnswers: boolean): Map<string, Problem> {
  const problems = new Map<string, Problem>();
  for (const item of visibleItems(step, answers)) {
    const value = answers[item.linkId];
    const problem = value === undefined
      ? (requireAnswers && !item.optional ? { key: 'runner.required' } : null)
      : valueProblem(def, item, value);
    if (problem) problems.set(item.linkId, problem);
    if (item.type === 'choice' && item.measure) {
      const measured = valueProblem(def, measureItem(item.measure), answers[item.measure.linkId]);
      if (measured) problems.set(item.measure.linkId, measured);
    }
  }
  return problems;
}
