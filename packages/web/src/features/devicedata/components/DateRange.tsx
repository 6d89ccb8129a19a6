import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** From and to days (YYYY-MM-DD); a "to" before "from" is not offered. */
export function DateRange({ from, to, onChange }: { from: string; to: string; onChange: (range: { from: string; to: string }) => void }) {
  const { t } = useTranslation('devicedata');
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <TextField type="date" label={t('range.from')} value={from} size="small" slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to } }}
        onChange={(e) => e.target.value && onChange({ from: e.target.value, to })} />
      <TextField type="date" label={t('range.to')} value={to} size="small" slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from } }}
        onChange={(e) => e.target.value && onChange({ from, to: e.target.value })} />
    </Stack>
  );
}
