import type { RuleMessage } from '@geria/domain';
import { useTranslation } from 'react-i18next';

/**
 * The text of a domain rule message in the interface language: `refs` (field labels, statuses) are
 * message keys translated before they fill the sentence.
 */
export function useRuleMessageText() {
  const { t } = useTranslation();
  return (message: RuleMessage) => {
    const refs = Object.fromEntries(Object.entries(message.refs ?? {}).map(([name, key]) => [name, t(`messages:${key}`)]));
    return t(`messages:${message.code}`, { ...message.params, ...refs });
  };
}
