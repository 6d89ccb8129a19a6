import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone scrolls in a region of its own, which the keyboard reaches
 * (axe: scrollable-region-focusable); with `stickyActions` its last column, the row's buttons,
 * stays in view while the other columns scroll under it.
 */
export function TableScroller({ label, stickyActions = false, children }: { label: string; stickyActions?: boolean; children: ReactNode }) {
  return (
    <TableContainer
      tabIndex={0}
      // A group, not a region: the card around it is already the landmark of that name.
      role="group"
      aria-label={label}
      sx={stickyActions ? { '& tr > :last-child': { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper' } } : undefined}
    >
      {children}
    </TableContainer>
  );
}
