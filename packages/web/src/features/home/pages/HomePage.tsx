import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { statisticsTabsFor, type StatisticsTab } from '@geria/domain';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import type { ScreenProps } from '../../../lib/screen.ts';
import { useRefreshStatistics, useTabStatistics, type TabProps, type TabStats } from '../api/home.ts';
import { DemographicsTab } from '../components/DemographicsTab.tsx';
import { DevicesTab } from '../components/DevicesTab.tsx';
import { HealthTab } from '../components/HealthTab.tsx';
import { OverviewTab } from '../components/OverviewTab.tsx';
import { PairsTab } from '../components/PairsTab.tsx';

type AnyTabProps = { data: TabStats[StatisticsTab] | undefined; isPending: boolean };
/**
 * Each tab's panel, memoised: the page re-renders at once when numbers arrive (it reads the query),
 * while the panel waits for the deferred numbers and renders them in a transition.
 */
const PANELS = {
  overview: memo(OverviewTab), demographics: memo(DemographicsTab), devices: memo(DevicesTab), health: memo(HealthTab),
  correlation: memo((props: TabProps<'correlation'>) => <PairsTab tab="correlation" {...props} />),
  falls: memo((props: TabProps<'falls'>) => <PairsTab tab="falls" {...props} />),
} as Record<StatisticsTab, React.ComponentType<AnyTabProps>>;

/** `/`: the study of the user's home pilot at a glance, in the tabs their role may see, refreshed every minute. */
export function HomePage({ route }: ScreenProps) {
  const { t } = useTranslation('home');
  const format = useFormat();
  const tabs = statisticsTabsFor(useAuth().user?.roles ?? []);
  const [chosen, setChosen] = useState<StatisticsTab>('overview');
  const tab = tabs.includes(chosen) ? chosen : tabs[0] ?? 'overview';
  const stats = useTabStatistics(tab, tabs.length > 0);
  const refresh = useRefreshStatistics(tab);
  const Panel = PANELS[tab];
  // The numbers go with their tab: right after a change of tab the query shows the previous tab's
  // numbers as placeholder, and the deferred value still holds them, neither of which is this panel's.
  const current = useMemo(() => (stats.data && !stats.isPlaceholderData ? { tab, numbers: stats.data } : undefined), [tab, stats.data, stats.isPlaceholderData]);
  // Deferred (see lib/deferred-data.ts): the panel renders new numbers in a transition, in slices.
  const shown = useDeferredValue(current);
  const numbers = shown?.tab === tab ? shown.numbers : undefined;
  const computedAt = stats.data?.computedAt;
  // Six tabs overflow a phone's width. MUI shows "auto" scroll buttons only once it has measured the
  // overflow, which pushed the tabs aside after the first paint (a layout shift): on narrow screens
  // they are there from the start (the media query is read on the first render).
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  // The same element while the tab and the tabs stay: numbers arriving do not render the tab bar again.
  const tabList = tabs.join();
  const tabBar = useMemo(() => (
    <Tabs value={tab} onChange={(_, value: StatisticsTab) => setChosen(value)} variant="scrollable" scrollButtons={narrow ? true : 'auto'} allowScrollButtonsMobile aria-label={t('tabsLabel')} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      {tabList.split(',').filter(Boolean).map((k) => <Tab key={k} value={k} label={t(`tabs.${k}`)} id={`home-tab-${k}`} aria-controls={`home-panel-${k}`} />)}
    </Tabs>
  ), [tab, tabList, narrow, t]);
  return (
    <>
      <PageHeader
        title={t(`shell:${route.title ?? 'routes.Home'}`)}
        actions={(
          // The button stays where it is when the update time appears: first on a phone (the header's
          // actions start at the left), last from sm up (they end at the right).
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', minHeight: 40 }}>
            {/* In place before the first numbers (a no-break space), so their arrival moves nothing. */}
            <Typography variant="body2" color="text.secondary" aria-live="polite">{computedAt ? t('updatedAt', { time: format.dateTime(computedAt) }) : '\u00a0'}</Typography>
            <Button variant="outlined" startIcon={<RefreshIcon />} sx={{ order: { xs: -1, sm: 0 }, flexShrink: 0 }} onClick={() => refresh.mutate()} disabled={refresh.isPending || tabs.length === 0}>
              {refresh.isPending ? t('updating') : t('update')}
            </Button>
          </Stack>
        )}
      />
      <Box sx={{ height: 4, mb: 1 }}>{refresh.isPending && <LinearProgress aria-label={t('updating')} />}</Box>
      {(stats.isError || refresh.isError) && <Alert severity="error" sx={{ mb: 2 }}>{t('loadFailed')}</Alert>}
      {tabBar}
      {tabs.length > 0 && (
        <Box role="tabpanel" id={`home-panel-${tab}`} aria-labelledby={`home-tab-${tab}`}>
          <Panel data={numbers} isPending={!numbers && !stats.isError} />
        </Box>
      )}
    </>
  );
}
