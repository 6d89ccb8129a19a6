import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import type { ScreenProps } from '../../../lib/screen.ts';
import { RulesList } from '../components/RulesList.tsx';

/** `/interventions/medical`: the organisation's rules, with links to the logs and the notifications sent. */
export function RulesPage(_props: ScreenProps) {
  const { t } = useTranslation('interventions');
  return (
    <>
      <PageHeader
        title={t('rules.title')}
        actions={(
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/interventions/logs" variant="outlined">{t('logs.title')}</Button>
            <Button component={RouterLink} to="/interventions/notifications" variant="outlined">{t('notifications.title')}</Button>
            <Button component={RouterLink} to="/interventions/new" variant="contained" startIcon={<AddIcon />}>{t('rules.new')}</Button>
          </Stack>
        )}
      />
      <RulesList />
    </>
  );
}
