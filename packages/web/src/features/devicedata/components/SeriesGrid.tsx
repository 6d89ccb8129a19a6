import type { HomeRoom, MeasurementSource } from '@geria/domain';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { useSeries } from '../api/devicedata.ts';
import { MeasurementChart, type Statistic } from './MeasurementChart.tsx';

interface Props {
  participantId: string;
  from: string;
  to: string;
  /** One source's measurements, or the given ones. */
  source?: MeasurementSource;
  keys?: readonly string[];
  room?: HomeRoom;
  statistics?: readonly Statistic[];
}

/** A chart per measurement (grid items of a Grid container), per day over [from, to]. */
export function SeriesGrid({ participantId, from, to, source, keys, room, statistics }: Props) {
  const { t } = useTranslation('devicedata');
  const data = useSeries(participantId, from, to, keys, room);
  if (data.isError) return <Grid size={12}><Alert severity="error">{t('loadFailed')}</Alert></Grid>;
  if (data.isPending) return <Grid size={12}><MeasurementChart series={undefined} loading /></Grid>;
  return data.data.series.filter((s) => !source || s.source === source).map((s) => (
    <Grid key={s.key} size={{ xs: 12, lg: 6 }}>
      <MeasurementChart series={s} loading={false} statistics={statistics} />
    </Grid>
  ));
}
