import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { INSTRUMENTS, type InstrumentDef } from '@geria/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { currentLanguage } from '../../../i18n/create-i18n.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { InstrumentCard } from '../components/InstrumentCard.tsx';
import { PreviewDialog } from '../components/PreviewDialog.tsx';

/**
 * `/instruments` (ClinicalExpert, Tester, CCM): every standardised questionnaire of the study with
 * what it measures, its range and licence, and a preview run that saves nothing. The definitions
 * are the domain's own, so the page needs no request.
 */
export function InstrumentsPage({ route }: ScreenProps) {
  const { t, i18n } = useTranslation('instruments');
  const language = currentLanguage(i18n);
  const [previewing, setPreviewing] = useState<InstrumentDef | null>(null);
  return (
    <>
      <PageHeader title={t(`shell:${route.title ?? 'routes.Instruments'}`)} />
      <Typography sx={{ mb: 3, maxWidth: 900 }}>{t('page.intro')}</Typography>
      <Grid container spacing={2}>
        {INSTRUMENTS.map((def) => (
          <Grid key={def.id} size={{ xs: 12, md: 6, xl: 4 }}>
            <InstrumentCard def={def} language={language} onPreview={setPreviewing} />
          </Grid>
        ))}
      </Grid>
      {previewing && <PreviewDialog key={previewing.id} def={previewing} onClose={() => setPreviewing(null)} />}
    </>
  );
}
