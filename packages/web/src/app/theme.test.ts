import { describe, expect, it } from 'vitest';
import { loadThemeFor, theme, themeFor } from './theme.ts';

describe('the theme of each language', () => {
  it('has English, MUI\'s own strings, without loading anything', () => {
    expect(themeFor('en')).toBe(theme);
  });

  it('has another language\'s MUI strings once loaded', async () => {
    expect(themeFor('it')).toBeUndefined();
    await loadThemeFor('it');
    expect(themeFor('it')?.components?.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBe('Righe per pagina:');
  });
});
