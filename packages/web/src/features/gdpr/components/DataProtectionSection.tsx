import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../../i18n/use-format.ts';
import { api } from '../../../lib/api.ts';
import { useDeferredData } from '../../../lib/deferred-data.ts';
import { useGdprRequests } from '../api/gdpr.ts';
import { StatusChip } from './StatusChip.tsx';

interface Processing { restricted: boolean; objected: boolean; automatedDecisionsObjected: boolean }

/**
 * The participant's data-protection state on their record: the processing flags set by GDPR rights
 * 5, 7 and 8 (which leave them out of analytics and interventions) and their GDPR requests.
 */
export function DataProtectionSection({ participantId }: { participantId: string }) {
  const { t } = useTranslation('gdpr');
  const format = useFormat();
  const titleId = useId();
  const record = useQuery({
    queryKey: ['participants', 'record', participantId],
    queryFn: ({ signal }) => api.get<{ processing?: Processing }>(`/participant/${participantId}`, { signal }),
  });
  const requests = useGdprRequests({ participantId, page: 0, pageSize: 20 });
  // The flags and requests render as non-urgent updates (lib/deferred-data.ts): the record's
  // sections arriving together are not one long task.
  const shownRecord = useDeferredData(record.data, record.isError).data;
  const shownRequests = useDeferredData(requests.data, requests.isError).data;
  const processing = shownRecord?.processing;
  const flags = processing ? (['restricted', 'objected', 'automatedDecisionsObjected'] as const).filter((f) => processing[f]) : [];
  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId}>
      <CardHeader title={t('record.title')} slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
        action={<Button component={RouterLink} to={`/gdpr?new&participantId=${participantId}`} startIcon={<AddIcon />}>{t('actions.create')}</Button>} />
      <CardContent>
        {flags.length > 0 ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('record.excluded')}
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>{flags.map((f) => <Chip key={f} size="small" label={t(`record.flags.${f}`)} />)}</Stack>
          </Alert>
        ) : record.isSuccess && shownRecord && <Alert severity="info" sx={{ mb: 2 }}>{t('record.processingAllowed')}</Alert>}
        {shownRequests && shownRequests.items.length > 0 ? (
          <List dense>
            {shownRequests.items.map((r) => (
              <ListItem key={r.id} divider secondaryAction={<StatusChip status={r.status} />}>
                <ListItemText sx={{ pr: 14 }}
                  primary={<Link component={RouterLink} to={`/gdpr/${r.id}/show`} underline="always">{`${t('requestNumber', { id: r.id })} · ${t(`rights.${r.rightName}`)}`}</Link>}
                  secondary={`${r.about} · ${format.dateTime(r.lastUpdated)}`} />
              </ListItem>
            ))}
          </List>
        ) : requests.isSuccess && shownRequests && <div>{t('record.noRequests')}</div>}
      </CardContent>
    </Card>
  );
}
