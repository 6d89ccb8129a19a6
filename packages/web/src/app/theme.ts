import type { Localization } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import type { Language } from '@geria/domain';

/**
 * A calm clinical look: deep teal-blue primary (white text on it ≈ 8.9:1), neutral surfaces and a
 * high-visibility focus ring for keyboard users (WCAG AA).
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b4f6c', contrastText: '#ffffff' },
    secondary: { main: '#2f6f62', contrastText: '#ffffff' },
    background: { default: '#f4f6f8', paper: '#ffffff' },
    text: { primary: '#1b2733', secondary: '#4a5866' },
    // MUI's amber (#ed6c02) under white text is 3:1; this one is 5.3:1 (WCAG AA for chips and buttons).
    warning: { main: '#a15100', contrastText: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h4: { fontWeight: 600, fontSize: '1.75rem' },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': { outline: '3px solid #f0a202', outlineOffset: 2 },
      },
    },
    MuiLink: { defaultProps: { underline: 'hover' } },
    // On a phone "Rows per page", the range and the arrows are wider than the screen in most
    // languages: the pager wraps onto two lines instead of pushing its next-page arrow out of sight.
    MuiTablePagination: { styleOverrides: { toolbar: { flexWrap: 'wrap', justifyContent: 'flex-end' } } },
  },
});

/**
 * MUI's own strings (pagination, "1–8 of 8", close buttons) of each language but English, MUI's
 * default, each in a chunk of its own: a MUI locale module builds its number formatter when it is
 * evaluated, and the six together were a fifth of the interface's start-up script on a phone.
 */
const CORE_LOCALES: Record<Exclude<Language, 'en'>, () => Promise<{ default: Localization }>> = {
  it: () => import('./mui-locales/it.ts'),
  pt: () => import('./mui-locales/pt.ts'),
  fr: () => import('./mui-locales/fr.ts'),
  es: () => import('./mui-locales/es.ts'),
  el: () => import('./mui-locales/el.ts'),
  ro: () => import('./mui-locales/ro.ts'),
};
const themes = new Map<Language, Theme>([['en', theme]]);

/** Loads the theme of a language, whose MUI strings are in that language; `themeFor` then has it. */
export async function loadThemeFor(language: Language): Promise<Theme> {
  const loaded = themes.get(language);
  if (loaded) return loaded;
  const { default: locale } = await CORE_LOCALES[language as Exclude<Language, 'en'>]();
  const localised = createTheme(theme, locale);
  themes.set(language, localised);
  return localised;
}

/** The theme of a language once `loadThemeFor` has loaded it. */
export const themeFor = (language: Language): Theme | undefined => themes.get(language);
