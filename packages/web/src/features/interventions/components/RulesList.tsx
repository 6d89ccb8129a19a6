import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RECRUITMENT_STATUS } from '@geria/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useDeferredData } from '../../../lib/deferred-data.ts';
import { useDeleteRule, useRules, type StoredRule } from '../api/interventions.ts';

function criterion(rule: StoredRule, t: (key: string, o?: Record<string, unknown>) => string) {
  if (rule.thresholds) {
    const th = rule.thresholds;
    return t('rules.thresholdSummary', { optimalLow: th.optimalLow, optimalHigh: th.optimalHigh, extremeLow: th.extremeLow, extremeHigh: th.extremeHigh });
  }
  const text = `${t(`operators.${rule.operator}`)} ${rule.value}`;
  return rule.windowDays ? `${text} · ${t('rules.overDays', { count: rule.windowDays })}` : text;
}

const STATUS_NAME = new Map(Object.entries(RECRUITMENT_STATUS).map(([name, value]) => [value as number, name]));

/** Whom a cohort takes: its recruitment statuses and profiling conditions, named. */
function cohortDetail(rule: StoredRule, t: (key: string) => string) {
  if (rule.target.kind !== 'cohort') return null;
  const statuses = (rule.target.recruitment ?? []).map((v) => t(`messages:rules.recruitment.status.${STATUS_NAME.get(v)}`));
  const conditions = (rule.target.conditions ?? []).map((c) => t(`conditions.${c}`));
  return [statuses.join(', '), conditions.join(', ')].filter(Boolean).join(' · ');
}

/** The organisation's rules (or those that concern one participant), with edit and delete. */
export function RulesList({ participantId }: { participantId?: string }) {
  const { t } = useTranslation('interventions');
  const navigate = useNavigate();
  const rules = useRules(participantId);
  const remove = useDeleteRule();
  // The rules render as a non-urgent update (lib/deferred-data.ts): on the patient record, the
  // sections arriving together are not one long task.
  const shown = useDeferredData(rules.data, rules.isError);
  if (shown.isPending) return <CenteredProgress label={t('shell:app.loading')} />;
  if (rules.isError || !shown.data) return <Alert severity="error">{t('loadFailed')}</Alert>;
  if (!shown.data.items.length) return <EmptyState message={t('rules.empty')} />;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('rules.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.name')}</TableCell>
            <TableCell>{t('fields.type')}</TableCell>
            <TableCell>{t('fields.target')}</TableCell>
            <TableCell>{t('fields.criterion')}</TableCell>
            <TableCell>{t('fields.priority')}</TableCell>
            <TableCell>{t('fields.channels')}</TableCell>
            <TableCell>{t('fields.active')}</TableCell>
            <TableCell>{t('rules.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.data.items.map((rule) => (
            <TableRow key={rule.id}>
              <TableCell>{rule.name}</TableCell>
              <TableCell>{t(`types.${rule.type}`)}</TableCell>
              <TableCell>
                {t(`targets.${rule.target.kind}`)}
                {rule.target.kind === 'cohort' && <Typography variant="body2" color="text.secondary">{cohortDetail(rule, t)}</Typography>}
              </TableCell>
              <TableCell>{criterion(rule, t)}</TableCell>
              <TableCell>{t(`priorities.${rule.priority}`)}</TableCell>
              <TableCell>{rule.channels.map((c) => t(`channels.${c}`)).join(', ')}</TableCell>
              <TableCell><Chip size="small" variant="outlined" label={rule.active ? t('rules.on') : t('rules.off')} /></TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <IconButton aria-label={t('rules.edit', { name: rule.name })} onClick={() => navigate(`/interventions/new?rule=${rule.id}`)}><EditIcon /></IconButton>
                <IconButton aria-label={t('rules.delete', { name: rule.name })} disabled={remove.isPending}
                  onClick={() => { if (window.confirm(t('rules.confirmDelete', { name: rule.name }))) remove.mutate(rule.id); }}>
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
