import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';

/** A section of the patient record with its loading, failure and empty states. */
export function SectionCard({ title, loading, placeholder = false, errorKey, empty, emptyText, action, children }: {
  title: string; loading: boolean; errorKey?: string | null; empty: boolean; emptyText: string; action?: ReactNode; children?: ReactNode;
  /** While loading, the children stand in place (e.g. a disabled form) instead of a skeleton. */
  placeholder?: boolean;
}) {
  const { t } = useTranslation('participants');
  const titleId = useId();
  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId} aria-busy={loading}>
      <CardHeader title={title} action={action} slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {loading && !placeholder ? <Skeleton variant="rounded" height={96} role="progressbar" aria-label={t('section.loading')} />
          : errorKey ? <Alert severity="error">{t(`messages:${errorKey}`)}</Alert>
            : empty ? <EmptyState message={emptyText} /> : children}
      </CardContent>
    </Card>
  );
}
