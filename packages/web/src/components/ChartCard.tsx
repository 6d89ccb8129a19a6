import { CHART_CARD_MIN_HEIGHT_PX } from '@geria/domain';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState.tsx';

export interface ChartCardProps {
  title: string;
  subheader?: string;
  loading?: boolean;
  /** No data: the card says "No data available to display" instead of drawing an empty chart. */
  empty?: boolean;
  action?: ReactNode;
  children?: ReactNode;
}

/** The frame of every dashboard chart: title, loading skeleton, empty state, 500 px minimum height. */
export function ChartCard({ title, subheader, loading = false, empty = false, action, children }: ChartCardProps) {
  const { t } = useTranslation('shell');
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} aria-busy={loading} variant="outlined" sx={{ minHeight: CHART_CARD_MIN_HEIGHT_PX, display: 'flex', flexDirection: 'column' }}>
      <CardHeader title={title} subheader={subheader} action={action} slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        {loading ? (
          <Skeleton variant="rounded" sx={{ flex: 1, minHeight: 360 }} aria-label={t('chart.loading')} />
        ) : empty ? (
          <EmptyState message={t('chart.noData')} />
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
