import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PatientPageHeader } from '../../../components/PatientPageHeader.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { isoDay, useLatest, useSeries } from '../api/devicedata.ts';
import { DateRange } from '../components/DateRange.tsx';
import { IntradayChart } from '../components/IntradayChart.tsx';
import { MeasurementChart } from '../components/MeasurementChart.tsx';

/** The range shown at first and offered around the last data: 90 days. */
const RANGE_DAYS = 90;

/** `/patient/{id}/measurements`: every chart series of SPEC §3 over a chosen range, with zoom and a day's intraday series. */
export function MeasurementsPage({ route }: ScreenProps) {
  const { t } = useTranslation('devicedata');
  const participantId = useParams().patientID ?? '';
  const [range, setRange] = useState({ from: isoDay(RANGE_DAYS - 1), to: isoDay() });
  const [day, setDay] = useState<string | null>(null);
  const data = useSeries(participantId, range.from, range.to);
  const format = useFormat();
  // The page charts the health-data app only: the day of its last value says where data are when the range has none.
  const latest = useLatest(participantId);
  const lastDay = latest.data?.filter((v) => v.source === 'healthApp').map((v) => v.at.slice(0, 10)).sort().at(-1);
  const series = data.data?.series.filter((s) => s.source === 'healthApp') ?? [];
  // A participant usually has one or two kinds of device: their charts come first, the rest are named in one line.
  const charted = series.filter((s) => s.points.length > 0);
  const empty = series.filter((s) => s.points.length === 0).map((s) => t(`measurements.${s.key}`));
  return (
    <>
      <PatientPageHeader patientId={participantId} title={t(`shell:${route.title ?? 'routes.Patient.Measurements'}`)} />
      <Stack spacing={3}>
        <DateRange from={range.from} to={range.to} onChange={setRange} />
        <Typography variant="body2" color="text.secondary">{t('measurementsPage.coverage')} {t('drillDownHint')}</Typography>
        {data.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
        {day && <IntradayChart participantId={participantId} day={day} />}
        {data.data && charted.length === 0 && latest.data && (lastDay ? (
          <Alert severity="info" action={(
            <Button color="inherit" size="small" onClick={() => setRange({ from: isoDay(RANGE_DAYS - 1, new Date(lastDay)), to: lastDay })}>
              {t('measurementsPage.showLastData', { date: format.date(`${lastDay}T00:00:00Z`, { timeZone: 'UTC' }) })}
            </Button>
          )}>
            {t('measurementsPage.lastDataOn', { date: format.date(`${lastDay}T00:00:00Z`, { timeZone: 'UTC' }) })}
          </Alert>
        ) : <Alert severity="info">{t('measurementsPage.noHealthData')}</Alert>)}
        <Grid container spacing={2}>
          {charted.map((s) => (
            <Grid key={s.key} size={{ xs: 12, lg: 6 }}>
              <MeasurementChart series={s} loading={data.isFetching} zoom onDay={setDay} />
            </Grid>
          ))}
          {data.isPending && <Grid size={12}><MeasurementChart series={undefined} loading /></Grid>}
        </Grid>
        {charted.length > 0 && empty.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('noDataFor', { list: new Intl.ListFormat(format.language, { type: 'conjunction' }).format(empty) })}
          </Typography>
        )}
      </Stack>
    </>
  );
}
