import type { AnswerValue, ItemDef, Language, MeasureDef } from '@geria/domain';
import type { TFunction } from 'i18next';

/** A measured value with its unit: "6.2 s", "8 steps". */
export function measureLabel(measure: MeasureDef, value: number, t: TFunction, number: (value: number) => string): string {
  return measure.kind === 'seconds'
    ? t('instruments:runner.measure.seconds', { value: number(value) })
    : t('instruments:runner.measure.steps', { count: value, range: number(value) });
}

/** How an answer reads in a recap: the option's label, yes/no, the number with its unit, or the text. */
export function answerLabel(item: ItemDef, value: AnswerValue | undefined, language: Language, t: TFunction): string {
  if (value === undefined) return t('instruments:runner.notAnswered');
  if (item.type === 'choice') return item.options.find((option) => option.value === value)?.label[language] ?? String(value);
  if (typeof value === 'boolean') return t(value ? 'instruments:runner.yes' : 'instruments:runner.no');
  if ((item.type === 'integer' || item.type === 'decimal') && item.unit) return `${value} ${item.unit}`;
  return String(value);
}
