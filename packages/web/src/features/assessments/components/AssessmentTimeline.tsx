import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import type { AssessmentView } from '../api/assessments.ts';
import { TabProgress } from './TabProgress.tsx';

/** The participant's assessments, newest first: date, number, author and completion per tab. */
export function AssessmentTimeline({ patientId, items }: { patientId: string; items: AssessmentView[] }) {
  const { t } = useTranslation('assessments');
  const format = useFormat();
  if (!items.length) return <EmptyState message={t('timeline.empty')} />;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('timeline.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('timeline.number')}</TableCell>
            <TableCell>{t('timeline.date')}</TableCell>
            <TableCell>{t('timeline.author')}</TableCell>
            <TableCell>{t('timeline.completion')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} hover>
              <TableCell>
                <Link component={RouterLink} to={`/patient/${patientId}/assessment/${item.id}`}>
                  {t('timeline.open', { number: item.number })}
                </Link>
              </TableCell>
              <TableCell>{item.start ? format.dateTime(item.start) : '—'}</TableCell>
              <TableCell>{item.author?.name ?? '—'}</TableCell>
              <TableCell><TabProgress tabs={item.tabs} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
