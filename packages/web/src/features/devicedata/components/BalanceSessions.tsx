import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { SessionsCard, useSessionColumns } from './SessionsCard.tsx';
import { useBalanceSession, useBalanceSessions, type SessionSummary } from '../api/devicedata.ts';

function SessionDialog({ participantId, session, onClose }: { participantId: string; session: SessionSummary | null; onClose: () => void }) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const detail = useBalanceSession(participantId, session?.id ?? null);
  const titleId = useId();
  if (!session) return null;
  const title = t(session.kind === 'session' ? 'training.sessionTitle' : 'training.trainingSessionTitle', { date: format.dateTime(session.start) });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {detail.isPending ? <CenteredProgress label={t('shell:app.loading')} />
          : detail.isError ? <Alert severity="error">{t('training.synergiesLoadFailed')}</Alert>
            : (
              <Stack spacing={2}>
                <Typography>{t('training.duration')}: {t('training.minutes', { value: format.number(detail.data.durationMinutes) })}</Typography>
                {!detail.data.hasAnalytics ? <EmptyState message={t('training.noAnalytics')} /> : (
                  <>
                    <Typography>{t('training.score')}: {detail.data.score === null ? t('training.noScore') : format.number(detail.data.score)}</Typography>
                    {detail.data.exercises.length > 0 && (
                      <div>
                        <Typography variant="subtitle2" component="h3">{t('training.exerciseList')}</Typography>
                        <List dense aria-label={t('training.exerciseList')}>
                          {detail.data.exercises.map((name, i) => <ListItem key={`${i}-${name}`}>{i + 1}. {name}</ListItem>)}
                        </List>
                      </div>
                    )}
                  </>
                )}
              </Stack>
            )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{t('training.close')}</Button></DialogActions>
    </Dialog>
  );
}

/** The scores of the sessions and training sessions over time, with its table and downloads. */
function ScoresChart({ sessions, trainingSessions }: { sessions: readonly SessionSummary[]; trainingSessions: readonly SessionSummary[] }) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const scored = (list: readonly SessionSummary[]) => [...list].filter((s) => s.score !== null).reverse();
  const option = useMemo(() => ({
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'time', axisLabel: { hideOverlap: true, formatter: (at: number) => format.date(at, { day: 'numeric', month: 'short', timeZone: 'UTC' }) } },
    yAxis: { type: 'value', min: 0, max: 100, name: t('training.score') },
    series: [
      { name: t('training.sessions'), type: 'line', data: scored(sessions).map((s) => [s.start, s.score]) },
      { name: t('training.trainingSessions'), type: 'line', data: scored(trainingSessions).map((s) => [s.start, s.score]) },
    ],
  }), [sessions, trainingSessions, t, format]);
  const all = [...sessions.map((s) => [s, t('training.sessions')] as const), ...trainingSessions.map((s) => [s, t('training.trainingSessions')] as const)]
    .sort(([a], [b]) => a.start.localeCompare(b.start));
  return (
    <ChartCard
      title={t('training.scoresChart')}
      empty={!all.some(([s]) => s.score !== null)}
      compactWhenEmpty
      chart={{ option, height: 280 }}
      table={{
        columns: [{ label: t('training.date') }, { label: t('training.kind') }, { label: t('training.duration'), numeric: true }, { label: t('training.score'), numeric: true }],
        rows: all.map(([s, kind]) => [format.dateTime(s.start), kind, s.durationMinutes, s.score]),
      }}
    />
  );
}

/** The balance-training app tab: sessions and training sessions of [from, to], each openable with its exercises and score. */
export function BalanceSessions({ participantId, from, to }: { participantId: string; from: string; to: string }) {
  const { t } = useTranslation('devicedata');
  const format = useFormat();
  const sessions = useBalanceSessions(participantId, from, to);
  const [open, setOpen] = useState<SessionSummary | null>(null);
  const { duration, score } = useSessionColumns();
  const columns = [duration, { key: 'exercises', label: t('training.exercises'), cell: (s: SessionSummary) => format.number(s.exercises) }, score];
  const openLabel = (date: string) => t('training.openSession', { date });
  if (sessions.isPending) return <CenteredProgress label={t('shell:app.loading')} />;
  if (sessions.isError) return <Alert severity="error">{t('training.sessionsLoadFailed')}</Alert>;
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={12}>
          <ScoresChart sessions={sessions.data.sessions} trainingSessions={sessions.data.trainingSessions} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <SessionsCard title={t('training.sessions')} empty={t('training.noSessions')} sessions={sessions.data.sessions} columns={columns} openLabel={openLabel} onOpen={setOpen} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <SessionsCard title={t('training.trainingSessions')} empty={t('training.empty')} sessions={sessions.data.trainingSessions} columns={columns} openLabel={openLabel} onOpen={setOpen} />
        </Grid>
      </Grid>
      <SessionDialog participantId={participantId} session={open} onClose={() => setOpen(null)} />
    </>
  );
}
