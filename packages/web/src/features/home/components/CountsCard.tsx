import TableChartIcon from '@mui/icons-material/TableChart';
import BarChartIcon from '@mui/icons-material/BarChart';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { useFormat } from '../../../i18n/use-format.ts';

// ECharts loads with the first chart, not with the app.
const BarChart = lazy(() => import('./BarChart.tsx').then((m) => ({ default: m.BarChart })));

/** A chart card of counts with a "view as table" toggle: the same numbers as an accessible table. */
export function CountsCard({ title, rows, loading }: { title: string; rows: { label: string; value: number }[] | undefined; loading: boolean }) {
  const { t } = useTranslation('home');
  const format = useFormat();
  const [asTable, setAsTable] = useState(false);
  const toggle = (
    <IconButton aria-pressed={asTable} aria-label={asTable ? t('viewChart', { title }) : t('viewTable', { title })} onClick={() => setAsTable((v) => !v)}>
      {asTable ? <BarChartIcon /> : <TableChartIcon />}
    </IconButton>
  );
  return (
    <ChartCard title={title} loading={loading && !rows} empty={!!rows && rows.every((r) => r.value === 0)} action={rows && toggle}>
      {rows && (asTable ? (
        <Table size="small" aria-label={title}>
          <TableHead><TableRow><TableCell>{t('category')}</TableCell><TableCell align="right">{t('count')}</TableCell></TableRow></TableHead>
          <TableBody>
            {rows.map((r) => <TableRow key={r.label}><TableCell>{r.label}</TableCell><TableCell align="right">{format.number(r.value)}</TableCell></TableRow>)}
          </TableBody>
        </Table>
      ) : (
        <Suspense fallback={null}><BarChart data={rows} label={title} language={format.language} /></Suspense>
      ))}
    </ChartCard>
  );
}
