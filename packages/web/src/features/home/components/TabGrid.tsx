import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The cards of a tab: one column on phones, two from large screens. */
export function TabGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>;
}
