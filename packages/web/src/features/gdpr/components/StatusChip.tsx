import Chip from '@mui/material/Chip';
import type { GdprStatus } from '@geria/domain';
import { useTranslation } from 'react-i18next';

const COLOUR = { initiation: 'info', queued: 'warning', closed: 'default' } as const;

export function StatusChip({ status }: { status: GdprStatus }) {
  const { t } = useTranslation('gdpr');
  return <Chip size="small" variant="outlined" color={COLOUR[status]} label={t(`status.${status}`)} />;
}
