import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  message: string;
  icon?: ReactNode;
  /** An action the user can take from here (e.g. "Create"). */
  action?: ReactNode;
}

/** What a list, chart or panel shows when there is nothing to display. */
export function EmptyState({ message, icon, action }: EmptyStateProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, py: 6, px: 2, textAlign: 'center', color: 'text.secondary', height: '100%' }}>
      {icon}
      <Typography>{message}</Typography>
      {action}
    </Box>
  );
}
