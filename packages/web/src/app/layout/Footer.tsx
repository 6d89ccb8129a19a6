import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EuFlag } from './EuFlag.tsx';

export const SUPPORT_EMAIL = 'support@geria.example.org';

/** EU research-funding notice and the contact link. */
export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <Box
      component="footer"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, px: 3, py: 2, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <EuFlag label={t('footer.euFlag')} />
      <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 320px' }}>
        {t('footer.funding')}
      </Typography>
      <Link href={`mailto:${SUPPORT_EMAIL}`} variant="body2">
        {t('footer.contact')}
      </Link>
    </Box>
  );
}
