import { createTheme } from '@mui/material/styles';

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
