import Stack from '@mui/material/Stack';
import { IC_DOMAINS, type AnalysisResult, type ChartKind, type IcProfile } from '@geria/domain';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../../components/ChartCard.tsx';
import { CHART_PALETTE } from '../../../components/charts/palette.ts';
import { scoreLabel } from './scores.ts';

type Result<T extends AnalysisResult['type']> = Extract<AnalysisResult, { type: T }>;

/** A radar of intrinsic-capacity profiles (0–100 per domain), e.g. first vs latest assessment; a domain without a score is left out ('-'), not drawn as 0. */
export function IcRadar({ title, profiles }: { title: string; profiles: { name: string; profile: IcProfile }[] }) {
  const { t } = useTranslation('analytics');
  const domains = IC_DOMAINS.map((d) => t(`domains.${d}`));
  return (
    <ChartCard title={title} empty={profiles.length === 0}
      chart={{
        option: {
          legend: { bottom: 0 }, tooltip: {},
          radar: { indicator: domains.map((name) => ({ name, max: 100 })) },
          series: [{ type: 'radar', data: profiles.map((p) => ({ name: p.name, value: IC_DOMAINS.map((d) => p.profile[d] ?? '-') })) }],
        },
      }}
      table={{ columns: [{ label: t('profile') }, ...domains.map((label) => ({ label, numeric: true }))], rows: profiles.map((p) => [p.name, ...IC_DOMAINS.map((d) => p.profile[d])]) }} />
  );
}

function Kmeans({ result, charts }: { result: Result<'kmeans'>; charts: readonly ChartKind[] }) {
  const { t } = useTranslation('analytics');
  const features = Object.keys(result.centroids[0]?.means ?? {});
  return (
    <>
      {charts.includes('scatter') && (
        <ChartCard title={t('clustersOnPcs')} subheader={t('explained', { pc1: Math.round((result.explainedVariance[0] ?? 0) * 100), pc2: Math.round((result.explainedVariance[1] ?? 0) * 100) })}
          chart={{
            option: {
              legend: { bottom: 0 }, tooltip: {}, xAxis: { name: 'PC1', scale: true }, yAxis: { name: 'PC2', scale: true },
              series: result.centroids.map((c, i) => ({
                type: 'scatter', name: t('clusterN', { n: c.cluster }), itemStyle: { color: CHART_PALETTE[i % CHART_PALETTE.length] },
                data: result.points.filter((p) => p.cluster === c.cluster).map((p) => [p.pc1, p.pc2]),
              })),
            },
          }}
          table={{ columns: [{ label: t('participant') }, { label: t('cluster'), numeric: true }, { label: 'PC1', numeric: true }, { label: 'PC2', numeric: true }], rows: result.points.map((p) => [p.participantId, p.cluster, p.pc1, p.pc2]) }} />
      )}
      {charts.includes('centroids') && (
        <ChartCard title={t('centroids')}
          table={{
            columns: [{ label: t('cluster'), numeric: true }, { label: t('size'), numeric: true }, ...features.map((f) => ({ label: scoreLabel(f, t), numeric: true }))],
            rows: result.centroids.map((c) => [c.cluster, c.size, ...features.map((f) => c.means[f] ?? null)]),
          }} />
      )}
    </>
  );
}

function Descriptive({ result, charts }: { result: Result<'descriptive'>; charts: readonly ChartKind[] }) {
  const { t } = useTranslation('analytics');
  const label = (s: { score: string; group: string }) => (s.group === 'all' ? scoreLabel(s.score, t) : `${scoreLabel(s.score, t)} · ${s.group}`);
  return (
    <ChartCard title={t('types.descriptive')} empty={result.stats.length === 0}
      chart={charts.includes('boxplot') ? {
        option: {
          tooltip: {}, xAxis: { type: 'category', data: result.stats.map(label) }, yAxis: { type: 'value' },
          series: [{ type: 'boxplot', data: result.stats.map((s) => [s.min, s.q1, s.median, s.q3, s.max]) }],
        },
      } : undefined}
      table={{
        columns: ['score', 'group', 'n', 'mean', 'sd', 'median', 'iqr'].map((c, i) => ({ label: t(`columns.${c}`), numeric: i > 1 })),
        rows: result.stats.map((s) => [scoreLabel(s.score, t), s.group, s.n, s.mean, s.sd, s.median, s.iqr]),
      }} />
  );
}

function Correlation({ result, charts }: { result: Result<'correlation'>; charts: readonly ChartKind[] }) {
  const { t } = useTranslation('analytics');
  const names = result.scores.map((s) => scoreLabel(s, t));
  return (
    <ChartCard title={t('correlationOf', { method: result.method === 'pearson' ? 'Pearson' : 'Spearman' })}
      chart={charts.includes('heatmap') ? {
        option: {
          tooltip: {}, xAxis: { type: 'category', data: names }, yAxis: { type: 'category', data: names },
          visualMap: { min: -1, max: 1, calculable: true, orient: 'horizontal', left: 'center', bottom: 0, inRange: { color: ['#0072B2', '#FFFFFF', '#D55E00'] } },
          series: [{ type: 'heatmap', label: { show: true }, data: result.cells.map((c) => [result.scores.indexOf(c.b), result.scores.indexOf(c.a), c.r ?? '-']) }],
          grid: { bottom: 80 },
        },
      } : undefined}
      table={{
        columns: [{ label: t('columns.a') }, { label: t('columns.b') }, { label: 'n', numeric: true }, { label: 'r', numeric: true }, { label: 'p', numeric: true }],
        rows: result.cells.filter((c) => c.a < c.b).map((c) => [scoreLabel(c.a, t), scoreLabel(c.b, t), c.n, c.r, c.p]),
      }} />
  );
}

function Trajectories({ result }: { result: Result<'trajectories'> }) {
  const { t } = useTranslation('analytics');
  return (
    <ChartCard title={t('types.trajectories')} empty={result.assessments.length === 0}
      chart={{
        option: {
          legend: { bottom: 0 }, tooltip: { trigger: 'axis' },
          xAxis: { type: 'category', name: t('assessment'), data: result.assessments.map(String) }, yAxis: { type: 'value' },
          series: result.series.map((s) => ({ type: 'line', name: scoreLabel(s.score, t), data: s.points.map((p) => p.mean) })),
        },
      }}
      table={{
        columns: [{ label: t('columns.score') }, { label: t('assessment'), numeric: true }, { label: 'n', numeric: true }, { label: t('columns.mean'), numeric: true }, { label: t('columns.sd'), numeric: true }],
        rows: result.series.flatMap((s) => s.points.map((p) => [scoreLabel(s.score, t), p.assessment, p.n, p.mean, p.sd])),
      }} />
  );
}

/** The charts chosen in the wizard's visualisation step, each with its table, PNG and CSV. */
export function RunResults({ result, charts }: { result: AnalysisResult; charts: readonly ChartKind[] }) {
  const { t } = useTranslation('analytics');
  return (
    <Stack spacing={2}>
      {result.type === 'kmeans' && <Kmeans result={result} charts={charts} />}
      {result.type === 'descriptive' && <Descriptive result={result} charts={charts} />}
      {result.type === 'correlation' && <Correlation result={result} charts={charts} />}
      {result.type === 'trajectories' && <Trajectories result={result} />}
      {result.type === 'intrinsic_capacity' && <IcRadar title={t('icAverages')} profiles={[{ name: t('latestAverage'), profile: result.averages }]} />}
    </Stack>
  );
}
