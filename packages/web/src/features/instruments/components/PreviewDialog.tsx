import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { InstrumentDef } from '@geria/domain';
import { useTranslation } from 'react-i18next';
import { QuestionnaireRunner } from '../../../components/questionnaire-runner/QuestionnaireRunner.tsx';

/** A run of the instrument that saves nothing: the runner without Save, closed by Close or Escape. */
export function PreviewDialog({ def, onClose }: { def: InstrumentDef; onClose: () => void }) {
  const { t } = useTranslation('instruments');
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = `preview-${def.id}-title`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={small} scroll="paper">
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>{t('page.previewNote')}</Alert>
        <QuestionnaireRunner instrument={def} onClose={onClose} titleId={titleId} />
      </DialogContent>
    </Dialog>
  );
}
