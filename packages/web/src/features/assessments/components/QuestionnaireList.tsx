import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getInstrument, instrumentAt, type Answers, type RuleCheck } from '@geria/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionnaireRunner } from '../../../components/questionnaire-runner/QuestionnaireRunner.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { currentLanguage } from '../../../i18n/create-i18n.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { api } from '../../../lib/api.ts';
import { useSaveResponse, type AssessmentDetail } from '../api/assessments.ts';
import { useRuleText } from './use-rule-text.ts';

type Response = AssessmentDetail['responses'][number];
interface Open { instrument: string; response?: Response; answers?: Answers; version?: string }

/**
 * The questionnaires of a tab with their latest score in this assessment; each one runs in the
 * shared questionnaire runner and is saved in the assessment. The PSFS waits for its first-assessment gate.
 */
export function QuestionnaireList({ patientId, encounterId, instruments, responses, psfsGate }: {
  patientId: string; encounterId: string; instruments: readonly string[]; responses: Response[]; psfsGate: RuleCheck;
}) {
  const { t, i18n } = useTranslation(['assessments', 'instruments']);
  const language = currentLanguage(i18n);
  const format = useFormat();
  const notify = useNotify();
  const { text, errorTexts } = useRuleText();
  const save = useSaveResponse(patientId, encounterId);
  const titleId = useId();
  const [open, setOpen] = useState<Open | null>(null);

  const start = async (instrument: string, response?: Response) => {
    if (!response) return setOpen({ instrument });
    const stored = await api.get<{ answers: Answers; version: string }>(`/questionnaire-responses/${response.id}`);
    setOpen({ instrument, response, answers: stored.answers, version: stored.version });
  };
  // A stored response is edited with the definition it was recorded with (a 13-item MoCA stays one).
  const def = open ? instrumentAt(open.instrument, open.version) : undefined;
  /** The score line, with the score's screening accuracy where the instrument has one (GDS-15). */
  const scoreText = (id: string, total: number | null) => {
    const accuracy = getInstrument(id)?.screeningAccuracy;
    const score = t('questionnaires.score', { score: total === null ? '—' : format.number(total, { maximumFractionDigits: 2 }) });
    return total === null || !accuracy ? score
      : `${score} · ${t('instruments:runner.accuracy', { sensitivity: format.percent(accuracy.sensitivity), specificity: format.percent(accuracy.specificity) })}`;
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${titleId}-list`} sx={{ p: 2 }}>
      <Typography id={`${titleId}-list`} variant="h6" component="h3">{t('questionnaires.title')}</Typography>
      <List dense>
        {instruments.map((id) => {
          const instrument = getInstrument(id);
          if (!instrument) return null;
          const response = responses.find((r) => r.instrument === id);
          const blocked = id === 'psfs' && !response && !psfsGate.ok;
          return (
            // The button follows the title in the row's flow (not MUI's absolutely placed secondary
            // action), so a long title wraps beside it instead of running under it on a phone.
            <ListItem key={id} divider sx={{ gap: 2 }}>
              <ListItemText primary={instrument.title[language]}
                secondary={blocked ? text(psfsGate) : response ? scoreText(id, response.total) : t('questionnaires.notAnswered')} />
              <Button size="small" variant={response ? 'text' : 'outlined'} disabled={blocked} onClick={() => void start(id, response)} sx={{ flexShrink: 0 }}
                aria-label={t(response ? 'questionnaires.editNamed' : 'questionnaires.fillNamed', { name: instrument.title[language] })}>
                {t(response ? 'questionnaires.edit' : 'questionnaires.fill')}
              </Button>
            </ListItem>
          );
        })}
      </List>
      {open && def && (
        <Dialog open onClose={() => setOpen(null)} maxWidth="md" fullWidth aria-labelledby={titleId}>
          <DialogContent>
            {save.isError && errorTexts(save.error, 'questionnaires.error').map((message) => <Alert key={message} severity="error" sx={{ mb: 2 }}>{message}</Alert>)}
            <QuestionnaireRunner instrument={def} titleId={titleId} initialAnswers={open.answers} onClose={() => setOpen(null)}
              onSave={async (answers) => {
                await save.mutateAsync({ instrumentId: def.id, answers, responseId: open.response?.id });
                notify.success('messages:questionnaire.updated', { name: def.title[language] });
                setOpen(null);
              }} />
          </DialogContent>
        </Dialog>
      )}
    </Paper>
  );
}
