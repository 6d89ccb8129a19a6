import Chip from '@mui/material/Chip';
import type { GdprStatus } from '@geria/domain';
import { useTranslation } from 'react-i18next';

export function StatusChip({ status }: { status: GdprStatus }) {
  const { t } = useTranslation('gdpr');
  // Default colours: the coloured outlined chips fall short of the 4.5:1 text contrast.
  return <Chip size="small" variant={status === 'closed' ? 'outlined' : 'filled'} label={t(`status.${status}`)} />;
}
