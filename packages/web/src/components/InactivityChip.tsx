import Chip from '@mui/material/Chip';
import { inactivity, inactivityLabelKey } from '@geria/domain';
import { useTranslation } from 'react-i18next';

const COLOURS = { green: 'success', amber: 'warning', red: 'error', 'No Info': 'default' } as const;

/** Days since the latest device use: green under 3 days, amber 3–12, red over 12, "No Info" without any use. */
export function InactivityChip({ lastUse, now = new Date() }: { lastUse: string | null; now?: Date }) {
  const { t } = useTranslation('participants');
  const { days, band } = inactivity([lastUse], now);
  const label = days === null ? t(`messages:${inactivityLabelKey(band)}`) : t('inactivity.days', { count: days });
  return (
    <Chip
      size="small" color={COLOURS[band]} label={label} title={t(`messages:${inactivityLabelKey(band)}`)} variant={band === 'No Info' ? 'outlined' : 'filled'}
      // White on the theme's orange is 3:1; black on its light tone reads at AA contrast.
      sx={band === 'amber' ? { bgcolor: 'warning.light', color: 'common.black' } : undefined}
    />
  );
}
