import type { Language } from '@geria/domain';

/** Each language named in itself, as language pickers do, so users recognise their own language. */
export const ENDONYMS: Record<Language, string> = {
  en: 'English', it: 'Italiano', pt: 'Português', fr: 'Français', es: 'Español', el: 'Ελληνικά', ro: 'Română',
};
