import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Geria's branded card for the sign-in, callback and sign-out steps. */
export function AuthCard({ title, children }: { title?: string; children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, overflow: 'hidden' }}>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 4, py: 3, display: 'flex', alignItems: 'center', gap: 2 }}>
        <LocalHospitalIcon fontSize="large" aria-hidden />
        <div>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>{t('app.name')}</Typography>
          <Typography variant="body2">{t('app.tagline')}</Typography>
        </div>
      </Box>
      <Box sx={{ px: 4, py: 3 }}>
        {title && <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{title}</Typography>}
        {children}
      </Box>
    </Paper>
  );
}
