import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CHART_CARD_MIN_HEIGHT_PX } from '@geria/domain';
import { memo, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../../i18n/use-format.ts';
import { useDeferredData } from '../../../lib/deferred-data.ts';
import { useAnalyticsAlerts, usePatientAlerts, type AnalyticsAlert, type PatientAlertPage } from '../api/home.ts';

function AlertCard({ title, loading, empty, children }: { title: string; loading: boolean; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} aria-busy={loading} variant="outlined" sx={{ minHeight: CHART_CARD_MIN_HEIGHT_PX }}>
      <CardHeader title={title} slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ maxHeight: 420, overflowY: 'auto' }}>
        {loading ? <Skeleton variant="rounded" height={360} /> : empty ? <Typography color="text.secondary">{t('chart.noData')}</Typography> : children}
      </CardContent>
    </Card>
  );
}

/**
 * The study alerts of the organisation's participants (GDS, IADL, EFS, PHQ-9 item 9, risk of
 * exclusion), each opening the patient: the overview's first page, how many there are in all, and
 * the following pages on demand.
 */
export function PatientAlertsCard({ first, computedAt, loading }: { first: PatientAlertPage | undefined; computedAt: string | undefined; loading: boolean }) {
  const { t } = useTranslation('home');
  const pages = usePatientAlerts(first, computedAt);
  const rows = pages.data?.pages.flatMap((p) => p.rows) ?? first?.rows;
  return (
    <AlertCard title={t('patientAlerts')} loading={loading && !first} empty={!!first && first.total === 0}>
      <List dense disablePadding>
        {rows?.map((a) => (
          <ListItem key={a.participantId} disableGutters divider>
            <ListItemText
              primary={<Link component={RouterLink} to={`/patient/${a.participantId}`} underline="always">{a.name}</Link>}
              secondary={<Stack component="span" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>{a.alerts.map((k) => <Chip key={k} component="span" size="small" variant="outlined" icon={<WarningAmberIcon aria-hidden />} label={t(`alerts.${k}`)} />)}</Stack>}
              slotProps={{ secondary: { component: 'span' } }}
            />
          </ListItem>
        ))}
      </List>
      {first && rows && (
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">{t('alertsShown', { shown: rows.length, total: first.total })}</Typography>
          {pages.hasNextPage && <Button size="small" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>{t('alertsMore')}</Button>}
        </Stack>
      )}
    </AlertCard>
  );
}

/**
 * Alerts raised by the analytics service; none while it does not answer. The list renders as a
 * non-urgent update (lib/deferred-data.ts): rendered as it arrived it was Home's longest task.
 */
export function AnalyticsAlertsCard() {
  const alerts = useAnalyticsAlerts();
  const shown = useDeferredData(alerts.data, alerts.isError);
  return <AnalyticsAlertsList data={shown.data} isPending={shown.isPending} />;
}

const AnalyticsAlertsList = memo(function AnalyticsAlertsList({ data, isPending }: { data: AnalyticsAlert[] | undefined; isPending: boolean }) {
  const { t } = useTranslation('home');
  const format = useFormat();
  return (
    <AlertCard title={t('analyticsAlerts')} loading={isPending} empty={!data || data.length === 0}>
      <List dense disablePadding>
        {data?.map((a) => (
          <ListItem key={`${a.participantId}-${a.analyticId}-${a.completedAt}`} disableGutters divider>
            <ListItemText
              primary={<Link component={RouterLink} to={`/patient/${a.participantId}`} underline="always">{a.participantName}</Link>}
              secondary={`${a.analyticName}: ${a.message} (${format.dateTime(a.completedAt)})`}
            />
          </ListItem>
        ))}
      </List>
    </AlertCard>
  );
});
