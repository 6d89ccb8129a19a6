import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '../api/users.ts';

const FLAGS = ['locked', 'disabled', 'unverified'] as const;

/** The account's state: active, or its flags (locked, disabled, unverified). */
export function UserFlags({ user }: { user: Pick<ManagedUser, (typeof FLAGS)[number]> }) {
  const { t } = useTranslation('accounts');
  const set = FLAGS.filter((flag) => user[flag]);
  if (!set.length) return <Chip size="small" color="success" variant="outlined" label={t('flags.active')} />;
  return (
    <Stack direction="row" spacing={0.5}>
      {set.map((flag) => <Chip key={flag} size="small" color={flag === 'disabled' ? 'error' : 'default'} variant="outlined" label={t(`flags.${flag}`)} />)}
    </Stack>
  );
}
