import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RemoveIcon from '@mui/icons-material/Remove';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.ts';
import type { LatestValue } from '../api/devicedata.ts';
import { useUnitLabel } from './units.ts';

function Trend({ value, previous }: { value: number; previous: number | null }) {
  const { t } = useTranslation('devicedata');
  if (previous === null) return <>—</>;
  const [Icon, label] = value > previous ? [ArrowUpwardIcon, t('trend.up')] : value < previous ? [ArrowDownwardIcon, t('trend.down')] : [RemoveIcon, t('trend.same')];
  return <Icon fontSize="small" titleAccess={label} aria-label={label} />;
}

/** Each measurement's latest value, when it was taken and whether it went up or down since the one before. */
export function LatestValuesTable({ values }: { values: readonly LatestValue[] }) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const unitLabel = useUnitLabel();
  return (
    <Table size="small" aria-label={t('latest.title')}>
      <TableHead><TableRow>
        <TableCell>{t('latest.measurement')}</TableCell><TableCell align="right">{t('latest.value')}</TableCell>
        <TableCell>{t('latest.trend')}</TableCell><TableCell>{t('latest.at')}</TableCell>
      </TableRow></TableHead>
      <TableBody>
        {values.map((v) => (
          <TableRow key={v.key}>
            <TableCell>{t(`measurements.${v.key}`)}</TableCell>
            <TableCell align="right">{format.number(v.value, { maximumFractionDigits: 1 })} {unitLabel(v)}</TableCell>
            <TableCell><Trend value={v.value} previous={v.previous} /></TableCell>
            <TableCell>{format.dateTime(v.at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
