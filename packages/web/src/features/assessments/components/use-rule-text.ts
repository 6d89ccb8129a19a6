import type { RuleMessage } from '@geria/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { useRuleMessageText } from '../../../lib/rule-text.ts';

const isRuleMessage = (value: unknown): value is RuleMessage =>
  typeof value === 'object' && value !== null && typeof (value as RuleMessage).code === 'string';

/**
 * Texts of the domain's rule messages in the interface language: `refs` (field labels, statuses)
 * are message keys translated before they fill the sentence. `errorTexts` gives every rule an API
 * error reports (its details when it lists them), or its own message.
 */
export function useRuleText() {
  const { t } = useTranslation('assessments');
  const text = useRuleMessageText();
  const errorTexts = (error: unknown, fallbackKey: string): string[] => {
    if (!(error instanceof ApiError)) return [t(fallbackKey)];
    const details = Array.isArray(error.details) ? error.details.filter(isRuleMessage) : [];
    if (details.length) return details.map(text);
    return [t(`messages:${error.code}`, { defaultValue: error.message })];
  };
  return { text, errorTexts };
}
