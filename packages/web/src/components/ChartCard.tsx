import { CHART_CARD_MIN_HEIGHT_PX } from '@geria/domain';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertChartOutlinedIcon from '@mui/icons-material/InsertChartOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../i18n/use-format.ts';
import { csvBlob, downloadBlob, fileNameOf, type CsvCell } from '../lib/download.ts';
import type { EChartHandle, EChartProps } from './charts/EChart.tsx';
import { LazyEChart } from './charts/LazyEChart.tsx';
import { EmptyState } from './EmptyState.tsx';

/** The numbers behind a chart: raw values (the table formats them for the language, the CSV keeps them). */
export interface ChartTable {
  columns: readonly { label: string; numeric?: boolean }[];
  rows: readonly (readonly CsvCell[])[];
}

export interface ChartCardProps {
  title: string;
  subheader?: string;
  loading?: boolean;
  /** No data: the card says "No data available to display" (or `emptyMessage`) instead of drawing an empty chart. */
  empty?: boolean;
  emptyMessage?: string;
  /**
   * Empty, the card is as tall as its message instead of the 500 px of a chart: for pages that list
   * many optional charts (a participant's device data), where empty cards would make a wall.
   */
  compactWhenEmpty?: boolean;
  /** More actions of the card, before its own (table toggle, downloads). */
  action?: ReactNode;
  /** An ECharts chart the card draws (lazily) and offers as a PNG. */
  chart?: Omit<EChartProps, 'label' | 'ref'>;
  /** The same numbers as an accessible table (the "view as table" toggle) and a CSV download. */
  table?: ChartTable;
  /** Content other than a chart (lists, figures), shown below the chart. */
  children?: ReactNode;
}

/**
 * The frame of every chart of the product: title, loading skeleton, empty state, 500 px minimum
 * height, and for a chart its table view, PNG and CSV downloads.
 */
export function ChartCard({ title, subheader, loading = false, empty = false, emptyMessage, compactWhenEmpty = false, action, chart, table, children }: ChartCardProps) {
  const { t } = useTranslation('shell');
  const titleId = useId();
  const chartRef = useRef<EChartHandle>(null);
  const [asTable, setAsTable] = useState(false);
  const ready = !loading && !empty;
  const showTable = ready && !!table && (asTable || !chart);

  const actions = (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      {action}
      {ready && chart && table && (
        <Tooltip title={asTable ? t('chart.viewChart') : t('chart.viewTable')}>
          <IconButton aria-pressed={asTable} aria-label={t(asTable ? 'chart.viewChartOf' : 'chart.viewTableOf', { title })} onClick={() => setAsTable((v) => !v)}>
            {asTable ? <InsertChartOutlinedIcon /> : <TableChartOutlinedIcon />}
          </IconButton>
        </Tooltip>
      )}
      {ready && chart && !asTable && (
        <Tooltip title={t('chart.downloadPng')}>
          <IconButton aria-label={t('chart.downloadPngOf', { title })} onClick={() => void chartRef.current?.png().then((png) => downloadBlob(png, fileNameOf(title, 'png')))}>
            <ImageOutlinedIcon />
          </IconButton>
        </Tooltip>
      )}
      {ready && table && (
        <Tooltip title={t('chart.downloadCsv')}>
          <IconButton aria-label={t('chart.downloadCsvOf', { title })} onClick={() => downloadBlob(csvBlob([table.columns.map((c) => c.label), ...table.rows]), fileNameOf(title, 'csv'))}>
            <FileDownloadOutlinedIcon />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );

  return (
    <Card component="section" aria-labelledby={titleId} aria-busy={loading} variant="outlined" sx={{ minHeight: compactWhenEmpty && empty && !loading ? undefined : CHART_CARD_MIN_HEIGHT_PX, display: 'flex', flexDirection: 'column' }}>
      <CardHeader title={title} subheader={subheader} action={actions} slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        {loading ? (
          <Skeleton variant="rounded" sx={{ flex: 1, minHeight: 360 }} role="progressbar" aria-label={t('chart.loading')} />
        ) : empty ? (
          <EmptyState fill message={emptyMessage ?? t('chart.noData')} />
        ) : (
          <>
            {showTable ? <ChartDataTable caption={title} table={table} /> : chart && <LazyEChart ref={chartRef} label={title} {...chart} />}
            {children}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ChartDataTable({ caption, table }: { caption: string; table: ChartTable }) {
  const format = useFormat();
  const text = (value: CsvCell) => (typeof value === 'number' ? format.number(value) : value === null || value === undefined ? '–' : String(value));
  return (
    // Focusable, so that keyboard users can scroll a long table.
    <TableContainer tabIndex={0} sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label={caption}>
        <TableHead>
          <TableRow>{table.columns.map((c) => <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>{c.label}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row, i) => (
            <TableRow key={i}>{row.map((value, j) => <TableCell key={j} align={table.columns[j]?.numeric ? 'right' : 'left'}>{text(value)}</TableCell>)}</TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
