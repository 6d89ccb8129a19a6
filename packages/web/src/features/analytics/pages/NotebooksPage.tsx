import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useNotify } from '../../../components/notify/notify-context.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { describeError } from '../../../lib/api-error.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { useDeleteNotebook, useNotebooks, type Notebook } from '../api/analytics.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { NotebookDialog } from '../components/NotebookDialog.tsx';

/** `/notebooks`: the organisation's notebooks; create, modify, delete with confirmation. */
export function NotebooksPage({ route }: ScreenProps) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const notify = useNotify();
  const notebooks = useNotebooks();
  const remove = useDeleteNotebook();
  const [editing, setEditing] = useState<Notebook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Notebook | null>(null);
  const confirmDelete = () => remove.mutate(deleting!.id, {
    onSuccess: () => { notify.success('analytics:notebookDeleted'); setDeleting(null); },
    onError: (error) => { const e = describeError(error); notify.error(e.code, { defaultValue: e.message }); setDeleting(null); },
  });
  return (
    <>
      <PageHeader title={t(`shell:${route.title ?? 'routes.Notebooks'}`)}
        actions={<Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>{t('newNotebook')}</Button>} />
      {notebooks.isPending && <CenteredProgress label={t('shell:app.loading')} />}
      {notebooks.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {notebooks.data?.length === 0 && <EmptyState message={t('noNotebooks')} />}
      {!!notebooks.data?.length && (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('notebooksList')}>
            {notebooks.data.map((n) => (
              <ListItem key={n.id} divider secondaryAction={(
                <>
                  <IconButton aria-label={t('editNamed', { name: n.name })} onClick={() => setEditing(n)}><EditIcon /></IconButton>
                  <IconButton aria-label={t('deleteNamed', { name: n.name })} onClick={() => setDeleting(n)}><DeleteIcon /></IconButton>
                </>
              )}>
                <ListItemText sx={{ pr: 12 }}
                  primary={<Link component={RouterLink} to={`/notebooks/${n.id}`} underline="always">{n.name}</Link>}
                  secondary={`${n.description ? `${n.description} · ` : ''}${t('analyticsCount', { count: n.analytics ?? 0 })} · ${n.owner} · ${format.dateTime(n.updatedAt)}`} />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {editing && <NotebookDialog notebook={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {deleting && <ConfirmDialog title={t('deleteNotebook')} text={t('deleteNotebookText', { name: deleting.name })} busy={remove.isPending} onConfirm={confirmDelete} onClose={() => setDeleting(null)} />}
    </>
  );
}
