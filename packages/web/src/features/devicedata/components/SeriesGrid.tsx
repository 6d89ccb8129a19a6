import { measuredByAny, type HomeRoom, type MeasurementSource } from '@geria/domain';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.ts';
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
  /**
   * The participant's device types: a measurement none of them takes, with no data in the range,
   * is named in one line instead of an empty chart.
   */
  deviceTypes?: readonly string[];
}

/** A chart per measurement (grid items of a Grid container), per day over [from, to]. */
export function SeriesGrid({ participantId, from, to, source, keys, room, statistics, deviceTypes }: Props) {
  const { t } = useTranslation('devicedata');
  const { language } = useFormat();
  const data = useSeries(participantId, from, to, keys, room);
  if (data.isError) return <Grid size={12}><Alert severity="error">{t('loadFailed')}</Alert></Grid>;
  if (data.isPending) return <Grid size={12}><MeasurementChart series={undefined} loading /></Grid>;
  const series = data.data.series.filter((s) => !source || s.source === source);
  const charted = (s: (typeof series)[number]) => !deviceTypes || s.points.length > 0 || measuredByAny(deviceTypes, s.key);
  const rest = series.filter((s) => !charted(s)).map((s) => t(`measurements.${s.key}`));
  return (
    <>
      {series.filter(charted).map((s) => (
        <Grid key={s.key} size={{ xs: 12, lg: 6 }}>
          <MeasurementChart series={s} loading={false} statistics={statistics} />
        </Grid>
      ))}
      {rest.length > 0 && (
        <Grid size={12}>
          <Typography variant="body2" color="text.secondary">
            {t('reports.notMeasured', { list: new Intl.ListFormat(language, { type: 'conjunction' }).format(rest) })}
          </Typography>
        </Grid>
      )}
    </>
  );
}
