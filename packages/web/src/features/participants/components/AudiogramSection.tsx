import { AUDIOGRAM_FREQUENCIES, EARS } from '@geria/domain/rules/audiogram-lists.ts';
import type { Audiogram } from '@geria/domain/rules/participants-audiogram.ts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.ts';
import type { FieldSpec, Values } from './ItemDialog.tsx';
import { ItemsSection } from './ItemsSection.tsx';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';

// ECharts loads only when a participant has an audiogram to draw, not with the record.
const AudiogramChart = lazy(() => import('./AudiogramChart.tsx').then((m) => ({ default: m.AudiogramChart })));

type Item = Audiogram & { id: string };
const key = (ear: string, frequency: number) => `${ear}.${frequency}`;

/** Audiograms (left and right ear thresholds by frequency); the latest is drawn as an audiogram chart. */
export function AudiogramSection({ participantId }: { participantId: string }) {
  const { t } = useTranslation('participants');
  const format = useFormat();
  const fields: FieldSpec[] = [
    { name: 'date', label: t('audiogram.date'), kind: 'date', required: true, width: 12 },
    ...EARS.flatMap((ear) => AUDIOGRAM_FREQUENCIES.map((f): FieldSpec => ({ name: key(ear, f), label: t('audiogram.threshold', { ear: t(`audiogram.${ear}`), frequency: f }), kind: 'number', width: 6 }))),
  ];
  const measured = (a: Audiogram) => EARS.reduce((n, ear) => n + Object.values(a[ear]).filter((v) => v !== null).length, 0);
  return (
    <ItemsSection<Item, Item[]>
      participantId={participantId} path="audiogram" kind="audiogram" title={t('audiogram.title')} addLabel={t('audiogram.add')} emptyText={t('audiogram.empty')}
      itemsOf={(list) => list} name={(a) => format.date(a.date)}
      summary={(list) => list[0] && (
        <Suspense fallback={<Skeleton variant="rounded" height={320} />}><AudiogramChart audiogram={list[0]} /></Suspense>
      )}
      fields={fields}
      columns={[
        { label: t('audiogram.date'), value: (a) => format.date(a.date) },
        { label: t('audiogram.thresholds'), value: (a) => measured(a) },
      ]}
      toValues={(a) => ({ date: a.date, ...Object.fromEntries(EARS.flatMap((ear) => AUDIOGRAM_FREQUENCIES.map((f) => [key(ear, f), a[ear][String(f)] ?? null]))) })}
      toInput={(v: Values) => ({
        date: v.date,
        ...Object.fromEntries(EARS.map((ear) => [ear, Object.fromEntries(AUDIOGRAM_FREQUENCIES.map((f) => [String(f), v[key(ear, f)] ?? null]))])),
      })}
    />
  );
}
