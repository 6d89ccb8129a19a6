import { useTranslation } from 'react-i18next';
import type { Pair, TabProps } from '../api/home.ts';
import { ScatterCard } from './ScatterCard.tsx';
import { TabGrid } from './TabGrid.tsx';
import { useValueLabels } from './value-labels.ts';

const PLACEHOLDERS = {
  correlation: ['eqVas', 'moca'].flatMap((y) => ['phq9', 'fesi', 'abc', 'fga', 'minibest'].map((x) => ({ x, y }))),
  falls: ['abc', 'fga', 'minibest', 'fesi'].map((x) => ({ x, y: 'falls' })),
};

/** Correlation and Falls: scatter plots of two values per participant, with r and n. */
export function PairsTab({ tab, data, isPending }: TabProps<'correlation' | 'falls'> & { tab: 'correlation' | 'falls' }) {
  const { t } = useTranslation('home');
  const labels = useValueLabels();
  return (
    <TabGrid>
      {(data?.pairs ?? PLACEHOLDERS[tab]).map((pair) => (
        <ScatterCard
          key={`${pair.y}-${pair.x}`}
          title={t('pairTitle', { y: labels.value(pair.y), x: labels.value(pair.x) })}
          xLabel={labels.value(pair.x)}
          yLabel={labels.value(pair.y)}
          pair={data ? (pair as Pair) : undefined}
          loading={isPending}
        />
      ))}
    </TabGrid>
  );
}
