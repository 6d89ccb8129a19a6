import { useTranslation } from 'react-i18next';

/** An audit action (`auth.login`) in the user's language; a code without a label (written by hand) shows as it is. */
export function useActionLabel() {
  const { t } = useTranslation('audit');
  return (action: string) => t(`actions.${action}`, { defaultValue: action });
}
