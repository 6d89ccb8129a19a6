import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Delivery } from '../api/interventions.ts';

/** A delivery's status; a failed one (the mail server refused it) stands out, so nobody reads past it. */
export function DeliveryStatus({ status }: { status: Delivery['status'] }) {
  const { t } = useTranslation('interventions');
  return <Box component="span" sx={status === 'failed' ? { color: 'error.main', fontWeight: 600 } : undefined}>{t(`deliveryStatus.${status}`)}</Box>;
}
