import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  message: string;
  icon?: ReactNode;
  /** An action the user can take from here (e.g. "Create"). */
  action?: ReactNode;
  /**
   * Fill the container and centre the message in it (a chart card, a grid's overlay, which have a
   * height). In a page it must not: 100% there is the page's height, and the message fell below the footer.
   */
  fill?: boolean;
}

/** What a list, chart or panel shows when there is nothing to display. */
export function EmptyState({ message, icon, action, fill = false }: EmptyStateProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, py: 6, px: 2, textAlign: 'center', color: 'text.secondary', height: fill ? '100%' : undefined }}>
      {icon}
      <Typography>{message}</Typography>
      {action}
    </Box>
  );
}
