import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.ts';
import type { GdprRequestDetail } from '../api/gdpr.ts';

/** A summary of what carrying out the right did, without personal data. */
export function ExecutionOutcome({ request }: { request: GdprRequestDetail }) {
  const { t } = useTranslation('gdpr');
  const format = useFormat();
  if (!request.executedAt) return null;
  const erased = request.outcome?.erased as { fhirResources?: Record<string, number>; devices?: number; externalIds?: number } | undefined;
  return (
    <Alert severity="success" sx={{ mt: 2 }}>
      {t('outcome.executed', { by: request.executedBy, at: format.dateTime(request.executedAt) })}
      {erased && ` ${t('outcome.erased', {
        resources: t('outcome.erasedResources', { count: Object.values(erased.fhirResources ?? {}).reduce((a, b) => a + b, 0) }),
        devices: t('outcome.erasedDevices', { count: erased.devices ?? 0 }),
      })}`}
      {typeof request.outcome?.flagSet === 'string' && ` ${t('outcome.flagged')}`}
      {typeof request.outcome?.file === 'string' && ` ${t('outcome.exported')}`}
    </Alert>
  );
}
