import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The card of the public account pages (Registration, forgotten and new password). */
export function AccountCard({ title, intro, maxWidth = 480, children }: { title: string; intro?: string; maxWidth?: number; children: ReactNode }) {
  return (
    <Paper elevation={3} sx={{ width: '100%', maxWidth, px: { xs: 2.5, sm: 4 }, py: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>{title}</Typography>
      {intro && <Typography color="text.secondary" sx={{ mb: 2 }}>{intro}</Typography>}
      <Box>{children}</Box>
    </Paper>
  );
}
