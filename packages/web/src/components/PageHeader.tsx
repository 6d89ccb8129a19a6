import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

export interface PageHeaderProps {
  title: string;
  /** Crumbs between Home and the current page. */
  trail?: Crumb[];
  /** The page's own crumb, when shorter than its title; the title by default. */
  current?: string;
  /** Buttons shown at the end of the header (e.g. "Update data"). */
  actions?: ReactNode;
}

/** Page heading with its breadcrumb (Home › … › Title). */
export function PageHeader({ title, current = title, trail = [], actions }: PageHeaderProps) {
  const { t } = useTranslation('shell');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
      <div>
        <Breadcrumbs aria-label={t('breadcrumb.label')} sx={{ mb: 1 }}>
          <Link component={RouterLink} to="/" underline="hover" color="inherit">
            {t('breadcrumb.home')}
          </Link>
          {trail.map((crumb) =>
            crumb.to ? (
              <Link key={crumb.label} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
                {crumb.label}
              </Link>
            ) : (
              <Typography key={crumb.label} color="text.secondary">{crumb.label}</Typography>
            ),
          )}
          <Typography color="text.primary" aria-current="page">{current}</Typography>
        </Breadcrumbs>
        <Typography variant="h4" component="h1">{title}</Typography>
      </div>
      {actions && <Stack direction="row" spacing={1}>{actions}</Stack>}
    </Stack>
  );
}
