import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { usePilotName } from '../../../i18n/use-pilot-name.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { usePilots } from '../api/participants.ts';
import { useParticipantSummary } from '../api/summary.ts';
import { defaultPaperSize, PAPER_SIZES, printCss, type PaperSize } from '../components/summary/paper.ts';
import { SummaryDocument } from '../components/summary/SummaryDocument.tsx';

const PAPER_KEY = 'geria.summaryPaper';
const storedPaper = (): PaperSize => {
  const stored = localStorage.getItem(PAPER_KEY);
  return (PAPER_SIZES as readonly string[]).includes(stored ?? '') ? stored as PaperSize : defaultPaperSize(navigator.language);
};

/**
 * `/patient/:patientID/summary`: the participant summary to print (bare layout: no menu or top
 * bar). The toolbar (back, paper size, print) is for the screen only; on paper the print
 * stylesheet leaves the document alone on A4 or Letter, as chosen (remembered in this browser).
 */
export function PatientSummaryPage(_props: ScreenProps) {
  const { t } = useTranslation('participants');
  const format = useFormat();
  const { patientID = '' } = useParams();
  const summary = useParticipantSummary(patientID);
  const pilots = usePilots();
  const pilotName = usePilotName();
  const [paper, setPaper] = useState<PaperSize>(storedPaper);
  const choose = (_: unknown, value: PaperSize | null) => { if (value) { setPaper(value); localStorage.setItem(PAPER_KEY, value); } };
  const pilot = summary.data?.identity.pilot;
  const studyId = summary.data?.identity.studyId ?? summary.data?.identity.id;
  // The document's title names the file a browser saves the print to ("Save as PDF").
  useEffect(() => {
    document.title = [t('summary.title'), studyId, t('shell:app.name')].filter(Boolean).join(' · ');
  }, [t, studyId]);

  return (
    <Box sx={{ width: '100%', maxWidth: '190mm', alignSelf: 'flex-start' }}>
      <GlobalStyles styles={printCss(paper)} />
      <Stack direction="row" spacing={2} data-print="hide" sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button component={RouterLink} to={`/patient/${patientID}`} startIcon={<ArrowBackIcon />}>{t('summary.back')}</Button>
        <Box sx={{ flexGrow: 1 }} />
        <ToggleButtonGroup size="small" exclusive value={paper} onChange={choose} aria-label={t('summary.paper')}>
          {PAPER_SIZES.map((size) => <ToggleButton key={size} value={size}>{t(`summary.paperSizes.${size}`)}</ToggleButton>)}
        </ToggleButtonGroup>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!summary.data}>{t('summary.print')}</Button>
      </Stack>
      {summary.isPending && <CenteredProgress label={t('summary.loading')} />}
      {summary.isError && <Alert severity="error">{t('summary.loadError')}</Alert>}
      {summary.data && (
        <Box component="article" data-print="document" sx={{ bgcolor: '#fff', color: '#000', border: '1px solid', borderColor: 'divider', p: 3 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {t('summary.title')} · {studyId}
          </Typography>
          <Typography variant="caption" component="p" sx={{ mb: 2 }}>{t('summary.generated', { date: format.dateTime(summary.data.generatedAt) })}</Typography>
          <SummaryDocument summary={summary.data}
            pilotName={pilotName(pilots.data?.find((p) => p.pilotid === pilot) ?? { pilotid: pilot!, name: String(pilot) })} />
        </Box>
      )}
    </Box>
  );
}
