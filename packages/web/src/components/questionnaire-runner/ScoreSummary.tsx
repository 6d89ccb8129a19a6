import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { INDEX_MESSAGE_KEY, subscaleLabel, type InstrumentDef, type Language, type ScoreResult, type SubscaleValue } from '@geria/domain';
import { useTranslation } from 'react-i18next';
import { MESSAGES_NS } from '../../i18n/backend.ts';
import { useFormat } from '../../i18n/use-format.ts';

export interface ScoreSummaryProps {
  def: InstrumentDef;
  score: ScoreResult;
  language: Language;
  /** Level of the summary's heading in the page outline. */
  headingLevel?: 'h3' | 'h4';
}

/** The band of a total with what it means, red when clinically worrying, green otherwise. */
function BandNote({ def, band, language }: { def: InstrumentDef; band: string; language: Language }) {
  const found = def.bands.find((b) => b.key === band);
  if (!found) return null;
  return (
    <Alert severity={found.critical ? 'error' : 'success'} variant="outlined" sx={{ mt: 1 }} data-band={band}>
      <AlertTitle>{found.label[language]}</AlertTitle>
      {found.meaning[language]}
    </Alert>
  );
}

/** The published sensitivity and specificity of a screening score (GDS-15), shown with the score. */
export function ScreeningAccuracy({ accuracy }: { accuracy: NonNullable<InstrumentDef['screeningAccuracy']> }) {
  const { t } = useTranslation('instruments');
  const format = useFormat();
  return (
    <Typography variant="body2" color="text.secondary" data-testid="screening-accuracy">
      {t('runner.accuracy', { sensitivity: format.percent(accuracy.sensitivity), specificity: format.percent(accuracy.specificity) })}
    </Typography>
  );
}

/**
 * What the runner shows on completion: the total out of the instrument's range (or under its own
 * name, the GHABP's derived benefit), the screening accuracy of the score, the band with its
 * meaning, the subscales (group titles or the domain's labels) and, for EQ-5D-5L, the index values.
 */
export function ScoreSummary({ def, score, language, headingLevel = 'h3' }: ScoreSummaryProps) {
  const { t } = useTranslation('instruments');
  const { t: message } = useTranslation(MESSAGES_NS);
  const format = useFormat();
  const number = (value: number, digits = 2) => format.number(value, { maximumFractionDigits: digits });
  const labelOf = (key: string) => subscaleLabel(def, key, language, (messageKey) => message(messageKey, { defaultValue: key }));
  const bandLabel = (band: string | null) => (band ? def.bands.find((b) => b.key === band)?.label[language] ?? band : null);

  const valueOf = (key: string, value: SubscaleValue): string => {
    if (value === null) return t('runner.notScorable');
    if (typeof value === 'number') return number(value);
    if (typeof value === 'string') return def.subscales?.find((s) => s.key === key)?.values?.[value]?.[language] ?? value;
    if (value.total === null) return t('runner.notScorable');
    return [number(value.total), bandLabel(value.band)].filter(Boolean).join(' · ');
  };

  const subscales = Object.entries(score.subscales ?? {});
  const index = Object.entries(score.index ?? {});
  const hasNothing = score.total === null && subscales.length === 0;

  return (
    <Box aria-live="polite" data-testid="score-summary">
      <Typography variant="h6" component={headingLevel} sx={{ mb: 1 }}>{t('runner.score')}</Typography>
      {score.total !== null && def.totalLabel && <Typography color="text.secondary">{def.totalLabel[language]}</Typography>}
      {score.total !== null && (
        <Typography variant="h4" component="p" data-testid="score-total">
          {def.range && !def.totalLabel ? t('runner.totalOf', { total: number(score.total), max: number(def.range.max) }) : number(score.total)}
        </Typography>
      )}
      {score.total !== null && def.screeningAccuracy && <ScreeningAccuracy accuracy={def.screeningAccuracy} />}
      {hasNothing && <Typography>{t('runner.notScorableTotal')}</Typography>}
      {score.band && <BandNote def={def} band={score.band} language={language} />}
      {(subscales.length > 0 || index.length > 0) && (
        <Table size="small" aria-label={t('runner.subscales')} sx={{ mt: 2, maxWidth: 640 }}>
          <TableBody>
            {subscales.map(([key, value]) => (
              <TableRow key={key} data-subscale={key}>
                <TableCell component="th" scope="row">{labelOf(key)}</TableCell>
                <TableCell align="right">{valueOf(key, value)}</TableCell>
              </TableRow>
            ))}
            {index.map(([valueSet, value]) => (
              <TableRow key={valueSet} data-subscale={`index.${valueSet}`}>
                <TableCell component="th" scope="row">{message(INDEX_MESSAGE_KEY, { valueSet })}</TableCell>
                <TableCell align="right">{number(value, 3)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
