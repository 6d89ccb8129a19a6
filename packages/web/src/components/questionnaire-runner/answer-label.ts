import type { AnswerValue, ItemDef, Language } from '@geria/domain';
import type { TFunction } from 'i18next';

/** How an answer reads in a recap: the option's label, yes/no, the number with its unit, or the text. */
export function answerLabel(item: ItemDef, value: AnswerValue | undefined, language: Language, t: TFunction): string {
  if (value === undefined) return t('instruments:runner.notAnswered');
  if (item.type === 'choice') return item.options.find((option) => option.value === value)?.label[language] ?? String(value);
  if (typeof value === 'boolean') return t(value ? 'instruments:runner.yes' : 'instruments:runner.no');
  if ((item.type === 'integer' || item.type === 'decimal') && item.unit) return `${value} ${item.unit}`;
  return String(value);
}
