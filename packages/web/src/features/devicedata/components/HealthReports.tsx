import { DEVICE_REPORT_KINDS, type DeviceReportKind } from '@geria/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useReports, type DeviceReport } from '../api/devicedata.ts';
import { reportRows } from './report-rows.ts';
import { useUnitLabel } from './units.ts';

/** How many of a kind's latest reports the panel lists as buttons (the chart opens any day). */
const LISTED = 5;
/** The height of each plot when a report's units get one each. */
const PLOT_HEIGHT = 120;

/** One line per measurement of the kind, one point per day (the day's reports averaged), one y axis per unit. */
function useReportChart(kind: DeviceReportKind, reports: readonly DeviceReport[]) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const unitLabel = useUnitLabel();
  return useMemo(() => {
    const { days, keys, unitOf, units, rows } = reportRows(kind, reports);
    // Up to two units share one plot (an axis each side); more get a plot each, one under the other, so that none is squeezed.
    const stacked = units.length > 2;
    const axisName = (unit: string) => unitLabel({ unit, key: keys.find((key) => unitOf.get(key) === unit)! });
    const xAxis = (labels: boolean) => ({
      type: 'category', data: days,
      axisLabel: { show: labels, formatter: (day: string) => format.date(`${day}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' }) },
    });
    const line = (key: string, axis: number) => ({
      name: t(`measurements.${key}`), type: 'line', xAxisIndex: stacked ? axis : 0, yAxisIndex: axis, showSymbol: days.length < 60, connectNulls: false,
      data: rows.map((row) => row[1 + keys.indexOf(key)]),
    });
    const common = { tooltip: { trigger: 'axis', valueFormatter: (v: number) => format.number(v, { maximumFractionDigits: 2 }) }, legend: { top: 0, type: 'scroll' } };
    const option = stacked ? {
      ...common,
      axisPointer: { link: [{ xAxisIndex: 'all' }] },
      grid: units.map((_, i) => ({ left: 8, right: 16, top: 40 + i * PLOT_HEIGHT, height: PLOT_HEIGHT - 28, containLabel: true })),
      xAxis: units.map((_, i) => ({ ...xAxis(i === units.length - 1), gridIndex: i })),
      yAxis: units.map((unit, i) => ({ type: 'value', scale: true, name: axisName(unit), gridIndex: i, splitNumber: 2 })),
      series: keys.map((key) => line(key, units.indexOf(unitOf.get(key)!))),
    } : {
      ...common,
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: xAxis(true),
      yAxis: units.map((unit, i) => ({ type: 'value', scale: true, name: axisName(unit), position: i ? 'right' : 'left', splitLine: { show: i === 0 } })),
      series: keys.map((key) => line(key, units.indexOf(unitOf.get(key)!))),
    };
    const height = stacked ? 40 + units.length * PLOT_HEIGHT + 16 : 320;
    const table = {
      columns: [{ label: t('day') }, ...keys.map((key) => ({ label: `${t(`measurements.${key}`)} (${unitLabel({ key, unit: unitOf.get(key)! })})`, numeric: true }))],
      rows: rows.map((row) => [...row]),
    };
    return { option, table, height };
  }, [kind, reports, t, format, unitLabel]);
}

function ReportDialog({ report, onClose }: { report: DeviceReport | null; onClose: () => void }) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const unitLabel = useUnitLabel();
  if (!report) return null;
  const title = t('reports.dialogTitle', { report: t(`reports.titles.${report.kind}`), date: format.date(report.at) });
  return (
    <Dialog open onClose={onClose} aria-labelledby="device-report-title" fullWidth maxWidth="sm">
      <DialogTitle id="device-report-title">{title}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-label={title}>
          <TableHead><TableRow><TableCell>{t('latest.measurement')}</TableCell><TableCell align="right">{t('latest.value')}</TableCell></TableRow></TableHead>
          <TableBody>
            {report.values.map((v) => (
              <TableRow key={v.key}>
                <TableCell>{t(`measurements.${v.key}`)}</TableCell>
                <TableCell align="right">{format.number(v.value, { maximumFractionDigits: 2 })} {unitLabel(v)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{t('reports.close')}</Button></DialogActions>
    </Dialog>
  );
}

function ReportPanel({ kind, reports, loading, onOpen }: { kind: DeviceReportKind; reports: readonly DeviceReport[]; loading: boolean; onOpen: (r: DeviceReport) => void }) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const { option, table, height } = useReportChart(kind, reports);
  const openDay = (day: string) => { const r = reports.find((x) => x.at.startsWith(day)); if (r) onOpen(r); };
  return (
    <ChartCard
      title={t(`reports.titles.${kind}`)}
      loading={loading}
      empty={reports.length === 0}
      emptyMessage={t('reports.empty')}
      compactWhenEmpty
      chart={reports.length ? { option, height, onItemClick: (item) => openDay(item.name) } : undefined}
      table={reports.length ? table : undefined}
    >
      {reports.length > 0 && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Typography variant="subtitle2" component="h3">{t('reports.latest')}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {reports.slice(0, LISTED).map((r) => (
              <Button key={r.id} size="small" variant="outlined" onClick={() => onOpen(r)}>{t('reports.open', { date: format.date(r.at) })}</Button>
            ))}
          </Stack>
        </Stack>
      )}
    </ChartCard>
  );
}

/** The health-data platform's reports of [from, to]: per kind a chart of its measurements and its latest reports, each openable. */
export function HealthReports({ participantId, from, to }: { participantId: string; from: string; to: string }) {
  const { t } = useTranslation('devicedata');
  const reports = useReports(participantId, from, to);
  const [open, setOpen] = useState<DeviceReport | null>(null);
  if (reports.isError) return <Alert severity="error">{t('reports.loadFailed')}</Alert>;
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">{t('reports.title')}</Typography>
      <Typography variant="body2" color="text.secondary">{t('reports.openHint')}</Typography>
      <Grid container spacing={2}>
        {DEVICE_REPORT_KINDS.map((kind) => (
          <Grid key={kind} size={{ xs: 12, lg: 6 }}>
            <ReportPanel kind={kind} loading={reports.isPending} reports={reports.data?.reports.filter((r) => r.kind === kind) ?? []} onOpen={setOpen} />
          </Grid>
        ))}
      </Grid>
      <ReportDialog report={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
