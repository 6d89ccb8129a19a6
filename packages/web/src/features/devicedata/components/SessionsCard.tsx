import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useFormat } from '../../../i18n/use-format.ts';

interface Session { id: string; start: string; durationMinutes: number; score: number | null }
/** A numeric column of the sessions table, between the date and the open button. */
export interface SessionColumn<S> { key: string; label: string; cell: (session: S) => ReactNode }

/** The duration and score columns every app's sessions have. */
export function useSessionColumns() {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const duration: SessionColumn<Session> = { key: 'duration', label: t('training.duration'), cell: (s) => t('training.minutes', { value: format.number(s.durationMinutes) }) };
  const score: SessionColumn<Session> = { key: 'score', label: t('training.score'), cell: (s) => (s.score === null ? t('training.noScore') : format.number(s.score)) };
  return { duration, score };
}

/** A card listing an app's sessions, newest first as given, each openable by its button (named with the session's date). */
export function SessionsCard<S extends Session>({ title, subheader, empty, sessions, columns, openLabel, onOpen }: {
  title: string; subheader?: string; empty: string; sessions: readonly S[]; columns: SessionColumn<S>[];
  openLabel: (date: string) => string; onOpen: (session: S) => void;
}) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const titleId = useId();
  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId}>
      <CardHeader title={title} subheader={subheader}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' }, subheader: { variant: 'body2' } }} />
      <CardContent>
        {!sessions.length ? <EmptyState message={empty} /> : (
          <TableContainer tabIndex={0} sx={{ maxHeight: 480 }}>
            <Table size="small" stickyHeader aria-labelledby={titleId}>
              <TableHead><TableRow>
                <TableCell>{t('training.date')}</TableCell>
                {columns.map((c) => <TableCell key={c.key} align="right">{c.label}</TableCell>)}
                <TableCell />
              </TableRow></TableHead>
              <TableBody>
                {sessions.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell>{format.dateTime(s.start)}</TableCell>
                    {columns.map((c) => <TableCell key={c.key} align="right">{c.cell(s)}</TableCell>)}
                    <TableCell align="right">
                      <Button size="small" onClick={() => onOpen(s)} aria-label={openLabel(format.dateTime(s.start))}>{t('training.open')}</Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
