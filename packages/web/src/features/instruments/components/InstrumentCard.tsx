import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InstrumentDef, Language } from '@geria/domain';
import { useTranslation } from 'react-i18next';

export interface InstrumentCardProps {
  def: InstrumentDef;
  language: Language;
  onPreview: (def: InstrumentDef) => void;
}

/** One instrument of the catalogue: what it measures, its range, its licence note and a preview. */
export function InstrumentCard({ def, language, onPreview }: InstrumentCardProps) {
  const { t } = useTranslation('instruments');
  const headingId = `instrument-${def.id}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" id={headingId} gutterBottom>{def.title[language]}</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1.5, flexWrap: 'wrap' }}>
          <Chip size="small" label={def.range ? t('page.range', { min: def.range.min, max: def.range.max }) : t('page.noTotal')} />
          <Chip size="small" label={t('page.questions', { count: def.items.length })} />
          <Chip size="small" variant="outlined" label={t('page.version', { version: def.version })} />
        </Stack>
        <Typography variant="body2">{def.description[language]}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          <strong>{t('page.licence')}:</strong> {def.licence ? def.licence[language] : t('page.freeToUse')}
        </Typography>
      </CardContent>
      <CardActions>
        <Button onClick={() => onPreview(def)} aria-label={t('page.previewOf', { title: def.title[language] })}>{t('page.preview')}</Button>
      </CardActions>
    </Card>
  );
}
