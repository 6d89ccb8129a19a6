import { elGR, enUS, esES, frFR, itIT, ptPT, roRO } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
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
  },
});

const CORE_LOCALES = { en: enUS, it: itIT, pt: ptPT, fr: frFR, es: esES, el: elGR, ro: roRO } as const;
const themes = new Map<Language, ReturnType<typeof createTheme>>();

/** The theme with MUI's own strings (pagination, "1–8 of 8", close buttons) in the interface language. */
export function themeFor(language: Language) {
  if (!themes.has(language)) themes.set(language, createTheme(theme, CORE_LOCALES[language]));
  return themes.get(language)!;
}
