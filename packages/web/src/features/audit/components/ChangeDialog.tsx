import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditRecord } from '../api/audit.ts';
import { useActionLabel } from './use-action-label.ts';
import { useEntityTypeLabel } from './use-entity-type-label.ts';

const pretty = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** The state before and after one audited change, side by side, with its details. */
export function ChangeDialog({ record, onClose }: { record: AuditRecord; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const titleId = useId();
  const actionLabel = useActionLabel();
  const entityTypeLabel = useEntityTypeLabel();
  const block = (label: string, value: unknown) => (
    <Grid size={{ xs: 12, md: label === t('details') ? 12 : 6 }}>
      <Typography variant="subtitle2" component="h3">{label}</Typography>
      <Typography component="pre" tabIndex={0} sx={{ fontSize: '0.8rem', bgcolor: 'action.hover', p: 1, borderRadius: 1, overflow: 'auto', maxHeight: 360 }}>{pretty(value)}</Typography>
    </Grid>
  );
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{`${actionLabel(record.action)} · ${entityTypeLabel(record.entity_type)} ${record.entity_id ?? ''}`}</DialogTitle>
      <DialogContent>
        <Grid container spacing={2}>
          {block(t('before'), record.before)}
          {block(t('after'), record.after)}
          {block(t('details'), record.details)}
        </Grid>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{t('close')}</Button></DialogActions>
    </Dialog>
  );
}
