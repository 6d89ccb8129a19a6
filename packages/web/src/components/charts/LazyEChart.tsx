import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { EChartProps } from './EChart.tsx';

// ECharts (~300 KB) loads with the first chart a screen draws, never with the app.
const EChart = lazy(() => import('./EChart.tsx').then((m) => ({ default: m.EChart })));

/** The chart, loaded on demand; its height is reserved meanwhile so that nothing below it moves. */
export function LazyEChart(props: EChartProps) {
  const height = props.height ?? 360;
  return (
    <Suspense fallback={<Skeleton variant="rounded" sx={{ height, width: '100%' }} />}>
      <EChart {...props} />
    </Suspense>
  );
}
