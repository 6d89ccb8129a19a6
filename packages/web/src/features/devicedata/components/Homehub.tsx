import { ROOM_MEASUREMENTS, type HomeRoom } from '@geria/domain';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statistic } from './MeasurementChart.tsx';
import { SeriesGrid } from './SeriesGrid.tsx';

/** SPEC §2 Homehub sections: every room together, each room (its own sensors' readings), motion, bulbs. */
const SECTIONS: Record<string, { keys: readonly string[]; room?: HomeRoom }> = {
  rooms: { keys: ROOM_MEASUREMENTS },
  livingRoom: { keys: ROOM_MEASUREMENTS, room: 'livingRoom' },
  bedroom: { keys: ROOM_MEASUREMENTS, room: 'bedroom' },
  motion: { keys: ['motionEvents'] },
  bulb: { keys: ['bulbBrightness'] },
};
type Section = keyof typeof SECTIONS;
const FILTERS = ['all', 'min', 'max', 'avg'] as const;
type Filter = (typeof FILTERS)[number];
const statisticsOf = (filter: Filter): Statistic[] => (filter === 'all' ? ['avg', 'min', 'max'] : [filter]);

/** The Homehub tab: its sections, each with the measurement filter All / Min / Max / Avg. */
export function Homehub({ participantId, from, to }: { participantId: string; from: string; to: string }) {
  const { t } = useTranslation('devicedata');
  const [section, setSection] = useState<Section>('rooms');
  const [filter, setFilter] = useState<Filter>('all');
  const id = useId();
  const { keys, room } = SECTIONS[section]!;
  return (
    <Stack spacing={2}>
      <Tabs value={section} onChange={(_, value: Section) => setSection(value)} variant="scrollable" aria-label={t('homehub.label')}>
        {Object.keys(SECTIONS).map((name) => <Tab key={name} value={name} label={t(`homehub.${name}`)} id={`${id}-tab-${name}`} aria-controls={`${id}-panel-${name}`} />)}
      </Tabs>
      <Stack spacing={2} role="tabpanel" id={`${id}-panel-${section}`} aria-labelledby={`${id}-tab-${section}`}>
        <ToggleButtonGroup exclusive size="small" value={filter} onChange={(_, value: Filter | null) => value && setFilter(value)} aria-label={t('filter.label')}>
          {FILTERS.map((f) => <ToggleButton key={f} value={f}>{t(`filter.${f}`)}</ToggleButton>)}
        </ToggleButtonGroup>
        <Grid container spacing={2}>
          <SeriesGrid participantId={participantId} from={from} to={to} keys={keys} room={room} statistics={statisticsOf(filter)} />
        </Grid>
      </Stack>
    </Stack>
  );
}
