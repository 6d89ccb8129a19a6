import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { recruitmentStatusFromCode, recruitmentStatusLabelKey } from '@geria/domain';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { useOverview, type Count } from '../api/home.ts';
import { CountsCard } from '../components/CountsCard.tsx';

function Total({ label, value }: { label: string; value: number | undefined }) {
  const format = useFormat();
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 160 }}>
      <Typography variant="body2" color="text.secondary">{label}</Typography>
      <Typography variant="h4" component="p">{value === undefined ? '…' : format.number(value)}</Typography>
    </Paper>
  );
}

/** `/`: the study at a glance, computed by the server for the user's organisation and refreshed every minute. */
export function HomePage({ route }: ScreenProps) {
  const { t } = useTranslation(['home', 'participants']);
  const format = useFormat();
  const overview = useOverview();
  const data = overview.data;
  const rows = (counts: Count[] | null | undefined, label: (key: string) => string) => counts?.map((c) => ({ label: label(c.key), value: c.n }));
  const status = (key: string) => t(`messages:${recruitmentStatusLabelKey(recruitmentStatusFromCode(Number(key)) ?? 'pending')}`);
  return (
    <>
      <PageHeader
        title={t(`shell:${route.title ?? 'routes.Home'}`)}
        actions={(
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {data && <Typography variant="body2" color="text.secondary" aria-live="polite">{t('updatedAt', { time: format.dateTime(data.computedAt) })}</Typography>}
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void overview.refetch()} disabled={overview.isFetching}>
              {overview.isFetching ? t('updating') : t('update')}
            </Button>
          </Stack>
        )}
      />
      {overview.isError && <Alert severity="error" sx={{ mb: 2 }}>{t('loadFailed')}</Alert>}
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 3, flexWrap: 'wrap' }}>
        <Total label={t('participants')} value={data?.participantsByStatus.reduce((sum, c) => sum + c.n, 0)} />
        <Total label={t('assessments')} value={data?.assessments} />
        <Total label={t('questionnaireResponses')} value={data?.questionnaireResponses} />
        <Total label={t('devices')} value={data?.devicesByStatus.reduce((sum, c) => sum + c.n, 0)} />
      </Stack>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <CountsCard title={t('byStatus')} rows={rows(data?.participantsByStatus, status)} loading={overview.isPending} />
        {data?.ageBands !== null && <CountsCard title={t('byAge')} rows={rows(data?.ageBands, (k) => k)} loading={overview.isPending} />}
        {data?.gender !== null && <CountsCard title={t('byGender')} rows={rows(data?.gender, (k) => t(`genders.${k}`, { defaultValue: t('genders.unknown') }))} loading={overview.isPending} />}
        <CountsCard title={t('devicesByStatus')} rows={rows(data?.devicesByStatus, (k) => t(`participants:devices.statuses.${k}`))} loading={overview.isPending} />
        <CountsCard title={t('devicesByType')} rows={rows(data?.devicesByType, (k) => t(`participants:devices.types.${k}`))} loading={overview.isPending} />
      </Box>
    </>
  );
}
