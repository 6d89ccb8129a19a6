import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { DateField, isDay } from '../../../components/DateField.tsx';

/** From and to days (YYYY-MM-DD); a "to" before "from" is not offered, and a day being typed counts once complete. */
export function DateRange({ from, to, onChange }: { from: string; to: string; onChange: (range: { from: string; to: string }) => void }) {
  const { t } = useTranslation('devicedata');
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <DateField label={t('range.from')} value={from} size="small" max={to} onChange={(day) => isDay(day) && onChange({ from: day, to })} />
      <DateField label={t('range.to')} value={to} size="small" min={from} onChange={(day) => isDay(day) && onChange({ from, to: day })} />
    </Stack>
  );
}
