/** The seven interface languages of the study (SPEC §1, §9). */
export const LANGUAGES = ['en', 'it', 'pt', 'fr', 'es', 'el', 'ro'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Picks the first supported language from an Accept-Language header; falls back to `fallback`. */
export function pickLanguage(acceptLanguage: string | undefined, fallback: Language = 'en'): Language {
  if (!acceptLanguage) return fallback;
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase().slice(0, 2), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.tag).find(isLanguage) ?? fallback;
}
