import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { LazyParticipantFormDialog } from '../components/LazyParticipantFormDialog.tsx';
import { ParticipantsTable } from '../components/ParticipantsTable.tsx';

/** `/patient`: the participants of the user's organisation; create one, open one. */
export function PatientsPage({ route }: ScreenProps) {
  const { t } = useTranslation('participants');
  const organisation = useAuth().user?.organisation ?? '';
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t(`shell:${route.title ?? 'routes.Patients'}`)}
        actions={<Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{t('list.create')}</Button>}
      />
      <ParticipantsTable organisation={organisation} />
      {creating && <LazyParticipantFormDialog onClose={() => setCreating(false)} onSaved={(id) => navigate(`/patient/${id}`)} />}
    </>
  );
}
