import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { TabView } from '../api/assessments.ts';

/** The completion of each open condition tab: questionnaires answered out of the tab's questionnaires. */
export function TabProgress({ tabs }: { tabs: TabView[] }) {
  const { t } = useTranslation('assessments');
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {tabs.filter((tab) => tab.open && tab.total > 0).map((tab) => (
        <Chip key={tab.tab} size="small" variant={tab.answered === tab.total ? 'filled' : 'outlined'}
          color={tab.answered === tab.total ? 'success' : 'default'}
          label={t('timeline.tabProgress', { tab: t(`tabs.${tab.tab}`), answered: tab.answered, total: tab.total })} />
      ))}
    </Stack>
  );
}
